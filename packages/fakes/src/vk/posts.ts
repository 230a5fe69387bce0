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
  const photo = (n: number): VkAttachment => ({
    type: 'photo',
    photo: {
      id: 457_239_000 + n,
      owner_id: ownerId,
      date,
      text: '',
      sizes: [
        { type: 's', url: `${baseUrl}/photos/${ownerId}_${id}_${n}.jpg?size=75`, width: 75, height: 50 },
        { type: 'x', url: `${baseUrl}/photos/${ownerId}_${id}_${n}.jpg?size=604`, width: 604, height: 403 },
        { type: 'w', url: `${baseUrl}/photos/${ownerId}_${id}_${n}.jpg?size=1280`, width: 1280, height: 853 },
      ],
    },
  });
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
