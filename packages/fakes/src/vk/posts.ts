/**
 * VK wall posts as wall.get returns them (https://dev.vk.com/method/wall.get, API 5.199): the
 * fields the relay reads and a few it does not, with the attachment shapes VK uses.
 */
export interface VkPhotoSize {
  type: string;
  url: string;
  width: number;
  height: number;
}
export type VkAttachment =
  | {
      type: 'photo';
      photo: { id: number; owner_id: number; date: number; text: string; sizes: VkPhotoSize[] };
    }
  | { type: 'link'; link: { url: string; title: string; description?: string; caption?: string } }
  | {
      type: 'video';
      video: { id: number; owner_id: number; title: string; duration: number; image?: VkPhotoSize[] };
    }
  | {
      type: 'doc';
      doc: { id: number; owner_id: number; title: string; ext: string; url: string; size: number };
    };

export interface VkPost {
  id: number;
  owner_id: number;
  from_id: number;
  date: number;
  text: string;
  post_type: 'post' | 'copy';
  is_pinned?: 0 | 1;
  marked_as_ads: 0 | 1;
  attachments: VkAttachment[];
  comments: { count: number };
  likes: { count: number };
  reposts: { count: number };
  views: { count: number };
  /**
   * A repost: the reposting post's own text is often empty and the original (with its text and
   * attachments) is the first item; deeper items are the original's own reposts.
   */
  copy_history?: VkCopy[];
}

/** An original post inside `copy_history`: VK's post shape without the counters. */
export interface VkCopy {
  id: number;
  owner_id: number;
  from_id: number;
  date: number;
  text: string;
  post_type: 'post';
  attachments: VkAttachment[];
  post_source?: { type: string };
}

/** A community as wall.get lists it under `groups` with `extended=1` (its id is positive). */
export interface VkGroupInfo {
  id: number;
  name: string;
  screen_name: string;
  is_closed: 0 | 1 | 2;
  type: 'group' | 'page' | 'event';
  photo_50: string;
  photo_100: string;
  photo_200: string;
}
/** A user as wall.get lists it under `profiles` with `extended=1`. */
export interface VkProfileInfo {
  id: number;
  first_name: string;
  last_name: string;
  screen_name?: string;
  photo_50: string;
  photo_100: string;
}

/** A photo attachment with VK's sizes s (75 px), x (604 px) and w (1280 px). */
export function photoAttachment(
  baseUrl: string,
  ownerId: number,
  postId: number,
  n: number,
  date: number,
): VkAttachment {
  const src = `${baseUrl}/photos/${ownerId}_${postId}_${n}.jpg`;
  return {
    type: 'photo',
    photo: {
      id: 457_239_000 + n,
      owner_id: ownerId,
      date,
      text: '',
      sizes: [
        { type: 's', url: `${src}?size=75`, width: 75, height: 50 },
        { type: 'x', url: `${src}?size=604`, width: 604, height: 403 },
        { type: 'w', url: `${src}?size=1280`, width: 1280, height: 853 },
      ],
    },
  };
}

/**
 * A long post as communities write them: Cyrillic paragraphs with hashtags and emoji, `length`
 * UTF-16 units long, whose stretch around Discord's 4,096 limit is all two-unit emoji (🎉🔥🎴…),
 * so any cut near the limit lands inside or between emoji.
 */
export function longPostText(length = 5000): string {
  const paragraph =
    'Сегодня в коллекции пополнение: карточки Фрирен, Ферн и Штарка! Собирайте, обменивайтесь и делитесь находками 🎉\n#аниме #карточки\n\n';
  const emoji = ['🎉', '🔥', '🎴', '💫', '🌸'];
  let text = '';
  while (text.length < 3980) text += paragraph;
  text = text.slice(0, 3980);
  for (let i = 0; text.length < 4200; i++) text += emoji[i % emoji.length];
  while (text.length < length) text += paragraph;
  // Trim to the length without splitting the last character.
  return Array.from(text)
    .reduce((acc, ch) => (acc.length + ch.length <= length ? acc + ch : acc), '')
    .padEnd(length, '.');
}

/** A realistic post: Cyrillic text, a photo (sizes s…w) and sometimes a link. */
export function makePost(
  baseUrl: string,
  ownerId: number,
  id: number,
  date: number,
  text: string,
  extras: Partial<VkPost> = {},
): VkPost {
  const photo = (n: number): VkAttachment => photoAttachment(baseUrl, ownerId, id, n, date);
  return {
    id,
    owner_id: ownerId,
    from_id: ownerId,
    date,
    text,
    post_type: 'post',
    marked_as_ads: 0,
    attachments: [photo(1)],
    comments: { count: id % 7 },
    likes: { count: 10 + (id % 50) },
    reposts: { count: id % 3 },
    views: { count: 1000 + id * 13 },
    ...extras,
  };
}

/**
 * A repost as wall.get returns it: the reposting post has no text and no attachments of its
 * own; the original (text, photos, a link) is `copy_history[0]`, on the source's wall.
 */
export function makeRepost(
  baseUrl: string,
  ownerId: number,
  id: number,
  date: number,
  original: {
    ownerId: number;
    id: number;
    date: number;
    text: string;
    link?: { url: string; title: string };
  },
): VkPost {
  return makePost(baseUrl, ownerId, id, date, '', {
    attachments: [],
    copy_history: [
      {
        id: original.id,
        owner_id: original.ownerId,
        from_id: original.ownerId,
        date: original.date,
        text: original.text,
        post_type: 'post',
        post_source: { type: 'vk' },
        attachments: [
          photoAttachment(baseUrl, original.ownerId, original.id, 1, original.date),
          photoAttachment(baseUrl, original.ownerId, original.id, 2, original.date),
          ...(original.link
            ? [
                {
                  type: 'link' as const,
                  link: { ...original.link, caption: new URL(original.link.url).host },
                },
              ]
            : []),
        ],
      },
    ],
  });
}

/** A post of pictures only: empty text, two photos. */
export function makePicturePost(baseUrl: string, ownerId: number, id: number, date: number): VkPost {
  return makePost(baseUrl, ownerId, id, date, '', {
    attachments: [1, 2].map((n) => photoAttachment(baseUrl, ownerId, id, n, date)),
  });
}

/** A community the fake knows by id (negative owner id), listed in extended answers. */
export const REPOST_SOURCE_ID = -187_654_321;
export const REPOST_SOURCE_NAME = 'Аниме новости | AniNews';

/** The demo community: a few fresh posts, older ones and an old pinned post at the top. */
export const DEMO_GROUP_ID = -203_998_877;
export const DEMO_GROUP_NAME = 'Аниме карточки';

export function demoWall(baseUrl: string, ownerId: number, nowSeconds: number): VkPost[] {
  const minutes = (m: number) => nowSeconds - m * 60;
  return [
    makePost(
      baseUrl,
      ownerId,
      101,
      minutes(60 * 24 * 30),
      'Правила сообщества — прочитайте перед публикацией!',
      {
        is_pinned: 1,
      },
    ),
    makePost(
      baseUrl,
      ownerId,
      120,
      minutes(5),
      'Новый сезон «Провожающая в последний путь Фрирен» уже в коллекции! 🎉\nСобирайте карточки Фрирен, Ферн и Штарка.',
      {
        attachments: [
          makePost(baseUrl, ownerId, 120, minutes(5), '').attachments[0]!,
          {
            type: 'link',
            link: { url: 'https://example.org/news/frieren', title: 'Анонс сезона', caption: 'example.org' },
          },
        ],
      },
    ),
    makePost(baseUrl, ownerId, 119, minutes(20), 'Турнир обменов: неделя редких карточек ранга SSS.'),
    makePost(baseUrl, ownerId, 118, minutes(60 * 5), 'Обновление: ускорили загрузку инвентаря.'),
    makePost(baseUrl, ownerId, 117, minutes(60 * 24 * 2), 'Итоги голосования за лучшую вайфу месяца.'),
  ];
}
