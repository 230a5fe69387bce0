import type { Interaction } from '../domain/interaction';
import { within } from '../drop/deferral';
import { collectionAutocomplete, collectionButton, collectionCommand } from './collection';
import { type Choices, type CommandDeps, type Ctx, choices, contextOf, type Reply } from './kit';
import { profileCommand } from './profile';
import { tradeCommand, tradeComponent } from './trade';
import { likeButton, viewAutocomplete, viewCommand } from './view';
import { wishAutocomplete, wishCommand } from './wish';

interface CommandModule {
  run(ctx: Ctx): Promise<Reply>;
  autocomplete?(ctx: Ctx): Promise<Choices>;
  /** Its answers are for the member only: a deferred answer is "thinking" for them alone too. */
  ephemeral?: boolean;
}

/** Every command but /card (drop/), by its registered name (domain/commands.ts). */
const COMMANDS: Record<string, CommandModule> = {
  collection: { run: collectionCommand, autocomplete: collectionAutocomplete },
  view: { run: viewCommand, autocomplete: viewAutocomplete },
  wish: { run: wishCommand, autocomplete: wishAutocomplete, ephemeral: true },
  trade: { run: tradeCommand, ephemeral: true },
  profile: { run: profileCommand },
};
export const isCommand = (name: string) => Object.hasOwn(COMMANDS, name);

/** Component handlers: each answers the custom_ids it made, undefined for the rest. */
const COMPONENTS = [collectionButton, likeButton, tradeComponent];

/** A slash command's work and whether a deferral of it is ephemeral; undefined for unknown ones. */
export function commandWork(
  deps: CommandDeps,
  interaction: Interaction,
): { work: Promise<Reply>; ephemeral: boolean } | undefined {
  const command = COMMANDS[interaction.data?.name ?? ''];
  const ctx = contextOf(deps, interaction);
  if (!command || !ctx) return undefined;
  return { work: command.run(ctx), ephemeral: command.ephemeral ?? false };
}

/** A click or a choice on one of the bot's components; undefined when no handler made it. */
export function componentWork(deps: CommandDeps, interaction: Interaction): Promise<Reply> | undefined {
  const ctx = contextOf(deps, interaction);
  const id = interaction.data?.custom_id ?? '';
  if (!ctx) return undefined;
  for (const handler of COMPONENTS) {
    const work = handler(ctx, id);
    if (work) return work;
  }
  return undefined;
}

/**
 * Autocomplete answers within `limitMs` (Discord waits 3 s and cannot be deferred): choices
 * found in time, else none (the member types on and Discord asks again).
 */
export async function autocompleteAnswer(
  deps: CommandDeps,
  interaction: Interaction,
  limitMs: number,
): Promise<Choices> {
  const command = COMMANDS[interaction.data?.name ?? ''];
  const ctx = contextOf(deps, interaction);
  if (!command?.autocomplete || !ctx) return choices([]);
  const work = command.autocomplete(ctx).catch((err: unknown) => {
    deps.logger.warn({ err, command: interaction.data?.name }, 'autocomplete failed');
    return choices([]);
  });
  const answered = await within(work, limitMs);
  return answered.done ? answered.value : choices([]);
}
