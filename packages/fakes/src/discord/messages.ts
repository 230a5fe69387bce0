import { z } from 'zod';

/** Discord's limits on what a bot may send, checked so a bot that breaks them fails here too. */
const embedSchema = z
  .object({
    title: z.string().max(256).optional(),
    description: z.string().max(4096).optional(),
    url: z.string().url().optional(),
    color: z.number().int().min(0).max(0xffffff).optional(),
    image: z.object({ url: z.string().url() }).optional(),
    thumbnail: z.object({ url: z.string().url() }).optional(),
    footer: z.object({ text: z.string().min(1).max(2048), icon_url: z.string().url().optional() }).optional(),
    author: z
      .object({ name: z.string().min(1).max(256), url: z.string().url().optional() })
      .passthrough()
      .optional(),
    fields: z
      .array(z.object({ name: z.string().min(1).max(256), value: z.string().min(1).max(1024) }).passthrough())
      .max(25)
      .optional(),
  })
  .passthrough();

/** The characters Discord counts towards an embed's 6,000 total. */
type EmbedData = z.infer<typeof embedSchema>;
const embedCharacters = (e: EmbedData): number =>
  (e.title?.length ?? 0) +
  (e.description?.length ?? 0) +
  (e.footer?.text.length ?? 0) +
  (e.author?.name.length ?? 0) +
  (e.fields ?? []).reduce((n, f) => n + f.name.length + f.value.length, 0);

/** A button (component type 2): a custom_id for styles 1-4, a url for style 5 (Link). */
const buttonSchema = z
  .object({
    type: z.literal(2),
    style: z.number().int().min(1).max(6),
    label: z.string().max(80).optional(),
    custom_id: z.string().min(1).max(100).optional(),
    url: z.string().url().max(512).optional(),
    disabled: z.boolean().optional(),
  })
  .passthrough()
  .refine(
    (b) => (b.style === 5 ? b.url !== undefined && !b.custom_id : b.style === 6 || b.custom_id !== undefined),
    {
      message: 'a link button has a url and no custom_id; other buttons have a custom_id',
    },
  );
/** Any other interactive component in a row (selects are type 3, 5-8), checked for its custom_id only. */
const otherComponentSchema = z
  .object({ type: z.number().int().min(3).max(8), custom_id: z.string().min(1).max(100) })
  .passthrough();
/** An action row (type 1): up to five buttons, or one select menu. */
const actionRowSchema = z.object({
  type: z.literal(1),
  components: z
    .array(z.union([buttonSchema, otherComponentSchema]))
    .min(1)
    .max(5),
});

export const messageDataSchema = z
  .object({
    content: z.string().max(2000).optional(),
    flags: z.number().int().optional(),
    embeds: z
      .array(embedSchema)
      .max(10)
      .refine((embeds) => embeds.reduce((n, e) => n + embedCharacters(e), 0) <= 6000, {
        message: 'Embed size exceeds maximum size of 6000',
      })
      .optional(),
    components: z.array(actionRowSchema).max(5).optional(),
  })
  .passthrough();
export type MessageData = z.infer<typeof messageDataSchema>;

/** A message the bot produced, as the fake keeps it. */
export interface StoredMessage extends MessageData {
  id: string;
  timestamp: string;
  edited_timestamp: string | null;
}

/** Everything said in reply to one interaction, found by its token. */
export interface InteractionThread {
  /** The first answer (type 4), or the edit that completed a deferred one (type 5). */
  original?: StoredMessage;
  /** The bot answered type 5 and has not edited the original yet. */
  deferred: boolean;
  followUps: StoredMessage[];
  openedAt: number;
}

/** Discord's interaction tokens work for 15 minutes; older threads are forgotten. */
const TOKEN_LIFETIME_MS = 15 * 60_000;

let sequence = 0;
/** A Discord snowflake: milliseconds since the Discord epoch, shifted, plus a counter. */
export const snowflake = () =>
  String((BigInt(Date.now() - 1_420_070_400_000) << 22n) | BigInt(sequence++ % 4096));

/**
 * The messages of the interactions the fake delivered. Only tokens the fake issued are known,
 * as with Discord, where an interaction token is the webhook credential.
 */
export class FakeMessages {
  private readonly threads = new Map<string, InteractionThread>();
  private readonly waiters = new Map<string, Set<() => void>>();

  open(token: string, now = Date.now()): void {
    for (const [old, thread] of this.threads)
      if (thread.openedAt + TOKEN_LIFETIME_MS < now) this.threads.delete(old);
      else break; // insertion order: the rest are younger
    if (!this.threads.has(token)) this.threads.set(token, { deferred: false, followUps: [], openedAt: now });
  }

  has(token: string): boolean {
    return this.threads.has(token);
  }

  get(token: string): InteractionThread | undefined {
    return this.threads.get(token);
  }

  /**
   * The bot's HTTP answer to the interaction: a message (type 4), a clicked message's new
   * content (7), or "thinking" (5 for a command, 6 for a component).
   */
  answered(token: string, type: number, data: MessageData | undefined): void {
    const thread = this.threads.get(token);
    if (!thread) return;
    // A follow-up edit may have landed before the deferred answer was read: keep the edit.
    if ((type === 5 || type === 6) && !thread.original) thread.deferred = true;
    if ((type === 4 || type === 7) && data) thread.original = this.stamp(data);
    this.notify(token);
  }

  editOriginal(token: string, data: MessageData): StoredMessage | undefined {
    const thread = this.threads.get(token);
    if (!thread) return undefined;
    const edited = { ...thread.original, ...this.stamp(data), edited_timestamp: new Date().toISOString() };
    if (thread.original) edited.id = thread.original.id;
    thread.original = edited;
    thread.deferred = false;
    this.notify(token);
    return edited;
  }

  addFollowUp(token: string, data: MessageData): StoredMessage | undefined {
    const thread = this.threads.get(token);
    if (!thread) return undefined;
    const message = this.stamp(data);
    thread.followUps.push(message);
    this.notify(token);
    return message;
  }

  /** Resolves with the thread once the bot said something visible (not just "thinking"). */
  async settled(token: string, timeoutMs: number): Promise<InteractionThread | undefined> {
    const done = () => {
      const thread = this.threads.get(token);
      return thread && !thread.deferred && (thread.original || thread.followUps.length > 0)
        ? thread
        : undefined;
    };
    const deadline = Date.now() + timeoutMs;
    for (let thread = done(); ; thread = done()) {
      const left = deadline - Date.now();
      if (thread || left <= 0) return thread;
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiters.get(token)?.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left).unref();
        const set = this.waiters.get(token) ?? new Set();
        set.add(wake);
        this.waiters.set(token, set);
      });
    }
  }

  private stamp(data: MessageData): StoredMessage {
    return { ...data, id: snowflake(), timestamp: new Date().toISOString(), edited_timestamp: null };
  }

  private notify(token: string): void {
    for (const wake of [...(this.waiters.get(token) ?? [])]) wake();
    this.waiters.delete(token);
  }
}

/** An autocomplete answer's choices as Discord takes them: at most 25, names 1-100, values ≤ 100. */
const choicesSchema = z.object({
  choices: z
    .array(z.object({ name: z.string().min(1).max(100), value: z.union([z.string().max(100), z.number()]) }))
    .max(25),
});

/** Why Discord would refuse an interaction answer ("This interaction failed"), or undefined. */
export function answerProblem(answer: { type: number; data?: unknown }): string | undefined {
  const schema =
    answer.type === 8
      ? choicesSchema
      : answer.type === 4 || answer.type === 7
        ? messageDataSchema
        : [1, 5, 6].includes(answer.type)
          ? undefined
          : z.never();
  if (!schema) return undefined;
  const parsed = schema.safeParse(answer.data ?? {});
  return parsed.success
    ? undefined
    : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
}
