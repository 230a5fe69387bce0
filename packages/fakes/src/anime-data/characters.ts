import { PEOPLE } from './people';
import type { FakeCharacter, FakePerson } from './types';

interface Extra {
  altname?: string;
  description?: string;
  descriptionEn?: string;
  seyu?: FakePerson;
  noImage?: boolean;
  anilistAlternatives?: string[];
}

/** Shikimori id, AniList id (null: not on AniList), romanised name, Russian, native, extras. */
const ch = (
  shikimoriId: number,
  anilistId: number | null,
  name: string,
  russian: string | null,
  japanese: string | null,
  extra: Extra = {},
): FakeCharacter => ({
  shikimoriId,
  anilistId,
  name,
  russian,
  japanese,
  altname: extra.altname ?? null,
  description: extra.description ?? null,
  descriptionEn: extra.descriptionEn ?? null,
  seyu: extra.seyu ?? null,
  hasImage: !extra.noImage,
  ...(extra.anilistAlternatives ? { anilistAlternatives: extra.anilistAlternatives } : {}),
});

/**
 * The characters of the demo catalogue (services/catalogue/src/seed/demo-catalogue.ts) with the
 * same Shikimori and AniList ids where the demo gives them, then the casts of the other titles.
 */
export const DEMO_CAST: FakeCharacter[] = [
  ch(11, 11, 'Edward Elric', 'Эдвард Элрик', 'エドワード・エルリック', {
    altname: 'Fullmetal Alchemist',
    description:
      'Самый молодой государственный алхимик, который ищет философский камень, чтобы вернуть брату [character=12]Альфонсу[/character] тело.',
    descriptionEn: 'The youngest State Alchemist, searching for the Philosopher’s Stone.',
    seyu: PEOPLE.park,
  }),
  ch(12, 12, 'Alphonse Elric', 'Альфонс Элрик', 'アルフォンス・エルリック', {
    description: 'Младший брат [character=11]Эдварда[/character], чья душа привязана к доспехам.',
    descriptionEn: 'Edward’s younger brother, his soul bound to a suit of armour.',
    seyu: PEOPLE.kugimiya,
  }),
  ch(68, 68, 'Roy Mustang', 'Рой Мустанг', 'ロイ・マスタング', {
    altname: 'Flame Alchemist',
    descriptionEn: 'The Flame Alchemist, with his eyes on the top of the military.',
  }),
  ch(35252, 35252, 'Rintarou Okabe', 'Ринтаро Окабэ', '岡部 倫太郎', {
    altname: 'Hououin Kyouma',
    description: 'Самопровозглашённый безумный учёный, который умеет отправлять сообщения в прошлое.',
    descriptionEn: 'A self-proclaimed mad scientist who can send messages to the past.',
    seyu: PEOPLE.miyano,
  }),
  ch(34470, 34470, 'Kurisu Makise', 'Курису Макисэ', '牧瀬 紅莉栖', {
    altname: 'Christina',
    description: 'Юный гений нейробиологии, которая редко проигрывает спор.',
    descriptionEn: 'A neuroscience prodigy who rarely loses an argument.',
    seyu: PEOPLE.imai,
  }),
  ch(184947, 176754, 'Frieren', 'Фрирен', 'フリーレン', {
    description: 'Эльфийка-маг, пережившая свой отряд героев. Отправляется в путь, чтобы лучше понять людей.',
    descriptionEn: 'An elf mage who outlived her party and sets out to understand people.',
    seyu: PEOPLE.tanezaki,
  }),
  ch(187393, 176755, 'Fern', 'Ферн', 'フェルン', {
    description: 'Ученица [character=184947]Фрирен[/character], точная и терпеливая.',
    descriptionEn: 'Frieren’s apprentice, precise and patient.',
    seyu: PEOPLE.ichinose,
  }),
  ch(187394, 176756, 'Stark', 'Штарк', 'シュタルク', {
    descriptionEn: 'A warrior far braver than he believes.',
  }),
  ch(1, 1, 'Spike Spiegel', 'Спайк Шпигель', 'スパイク・スピーゲル', {
    altname: 'Swimming Bird',
    description: 'Беззаботный охотник за головами с корабля «Бибоп», чьё прошлое раз за разом настигает его.',
    descriptionEn: 'A laid-back bounty hunter with a past that keeps catching up.',
    seyu: PEOPLE.yamadera,
  }),
  ch(2, 2, 'Faye Valentine', 'Фэй Валентайн', 'フェイ・ヴァレンタイン', {
    description: 'Азартная картёжница с долгами и без воспоминаний о юности.',
    descriptionEn: 'A gambler with debts and no memory of her youth.',
    seyu: PEOPLE.hayashibara,
  }),
  ch(3, 3, 'Jet Black', 'Джет Блэк', 'ジェット・ブラック', {
    altname: 'Black Dog',
    descriptionEn: 'The Bebop’s captain, cook and former cop.',
  }),
  ch(16, 16, 'Edward Wong', 'Эдвард Вонг', 'エドワード・ウォン・ハウ・ペペル・チブルスキー4世', {
    altname: 'Radical Edward',
    descriptionEn: 'A genius hacker child who joins the crew uninvited.',
  }),
  ch(89, 89, 'Shinji Ikari', 'Синдзи Икари', '碇 シンジ', {
    description: 'Пилот Евангелиона-01, который не хочет им быть.',
    descriptionEn: 'A reluctant pilot of Evangelion Unit-01.',
    seyu: PEOPLE.ogata,
  }),
  ch(86, 86, 'Rei Ayanami', 'Рей Аянами', '綾波 レイ', {
    altname: 'First Child',
    descriptionEn: 'The quiet First Child.',
    seyu: PEOPLE.hayashibara,
  }),
  ch(94, 94, 'Asuka Langley Soryu', 'Аска Лэнгли Сорю', '惣流・アスカ・ラングレー', {
    altname: 'Second Child',
    descriptionEn: 'The Second Child, proud and fiercely competitive.',
  }),
  ch(88, 88, 'Misato Katsuragi', 'Мисато Кацураги', '葛城 ミサト', {
    descriptionEn: 'NERV’s operations director and Shinji’s guardian.',
  }),
  ch(170256, 170256, 'Loid Forger', 'Лойд Форджер', 'ロイド・フォージャー', {
    altname: 'Twilight',
    description: 'Шпион под кодовым именем «Сумрак», которому для задания нужна семья.',
    descriptionEn: 'A spy who needs a family for his next mission.',
    seyu: PEOPLE.emura,
  }),
  ch(170257, 170257, 'Yor Forger', 'Йор Форджер', 'ヨル・フォージャー', {
    altname: 'Thorn Princess',
    descriptionEn: 'A city hall clerk with a second job nobody may know about.',
    seyu: PEOPLE.hayami,
  }),
  ch(170258, 170258, 'Anya Forger', 'Аня Форджер', 'アーニャ・フォージャー', {
    description: 'Девочка-телепат, которая знает все секреты своей новой семьи.',
    descriptionEn: 'A telepath who knows every secret of her new family.',
    seyu: PEOPLE.tanezaki,
  }),
  ch(170259, 170259, 'Bond Forger', 'Бонд Форджер', 'ボンド・フォージャー', {
    descriptionEn: 'A large dog who can see the future.',
  }),
  ch(70, 70, 'Winry Rockbell', 'Уинри Рокбелл', 'ウィンリィ・ロックベル', {
    descriptionEn: 'An automail mechanic and the Elrics’ oldest friend.',
  }),
  ch(71, 71, 'Maes Hughes', 'Маэс Хьюз', 'マース・ヒューズ', {
    descriptionEn: 'An officer who shows everyone photos of his daughter.',
  }),
  ch(35253, 35253, 'Mayuri Shiina', 'Маюри Сиина', '椎名 まゆり', {
    altname: 'Mayushii',
    descriptionEn: 'Okabe’s cheerful childhood friend.',
    seyu: PEOPLE.hanazawa,
  }),
  ch(35254, 35254, 'Itaru Hashida', 'Итару Хасида', '橋田 至', {
    altname: 'Daru',
    descriptionEn: 'The lab’s super hacker.',
  }),
  ch(126151, 127325, 'Maho Hiyajo', 'Махо Хиядзё', '比屋定 真帆', {
    descriptionEn: 'A researcher who worked beside Kurisu.',
    noImage: true,
  }),
  ch(109929, 89327, 'Shigeo Kageyama', 'Сигэо Кагэяма', '影山 茂夫', {
    altname: 'Mob',
    description: 'Школьник с огромной экстрасенсорной силой, который хочет обычной жизни.',
    descriptionEn: 'A boy with immense psychic power who wants an ordinary life.',
    seyu: PEOPLE.itou,
  }),
  ch(109931, 89328, 'Arataka Reigen', 'Аратака Рэйгэн', '霊幻 新隆', {
    descriptionEn: 'A self-styled psychic consultant with a gift for talk.',
  }),
  ch(109933, 89330, 'Dimple', 'Димпл', 'エクボ', {
    descriptionEn: 'A spirit with big plans and a small green body.',
  }),
  ch(109935, 89332, 'Ritsu Kageyama', 'Рицу Кагэяма', '影山 律', {
    descriptionEn: 'Shigeo’s younger brother, top of his class.',
  }),
  ch(141354, 101306, 'Violet Evergarden', 'Вайолет Эвергарден', 'ヴァイオレット・エヴァーガーデン', {
    description: 'Бывшая солдатка, которая пишет письма за других людей.',
    descriptionEn: 'A former soldier who writes letters for others.',
    seyu: PEOPLE.ishikawa,
  }),
  ch(141355, 101307, 'Gilbert Bougainvillea', 'Гилберт Бугенвиллея', 'ギルベルト・ブーゲンビリア', {
    descriptionEn: 'The major who gave Violet her name.',
  }),
  ch(141356, 101308, 'Claudia Hodgins', 'Клаудия Ходжинс', 'クラウディア・ホッジンズ', {
    descriptionEn: 'The president of the CH Postal Company.',
  }),
  ch(187395, 176757, 'Himmel', 'Химмель', 'ヒンメル', {
    descriptionEn: 'The hero who defeated the Demon King.',
  }),
  ch(187396, 176758, 'Heiter', 'Хайтер', 'ハイター', {
    descriptionEn: 'A priest of the hero’s party, fond of wine.',
  }),
  ch(187397, 176759, 'Eisen', 'Айзен', 'アイゼン', { descriptionEn: 'A dwarf warrior of the hero’s party.' }),
  ch(1001, 1001, 'Kaworu Nagisa', 'Каору Нагиса', '渚 カヲル', {
    altname: 'Fifth Child',
    descriptionEn: 'The Fifth Child, who arrives late and leaves a mark.',
  }),
  ch(1002, 1002, 'Gendo Ikari', 'Гэндо Икари', '碇 ゲンドウ', { descriptionEn: 'The commander of NERV.' }),
  // Descriptions shaped as the sites write them (AniList's Markdown with spoilers and <br>,
  // Shikimori's BBCode with entities), and an AniList alternative name holding a comma.
  ch(2734, 2734, 'Vicious', 'Вишес', 'ビシャス', {
    description:
      'Бывший напарник [character=1]Спайка[/character] по синдикату &laquo;Красный дракон&raquo;.&nbsp;Вооружён катаной.\r\n\r\n[spoiler=спойлер]Захватывает власть в синдикате.[/spoiler]',
    descriptionEn:
      "__Affiliation:__ Red Dragon Crime Syndicate<br>\n__Weapon:__ katana\n\nSpike's former partner in the Red Dragon syndicate.\n\n~!He takes over the syndicate.!~\n\n(Source: [Cowboy Bebop Wiki](https://cowboybebop.fandom.com/wiki/Vicious))",
    anilistAlternatives: ['Vicious, the Snake', 'Vishasu'],
  }),
  ch(4, 4, 'Ein', 'Эйн', 'アイン', { descriptionEn: 'A data dog.' }),
  ch(170260, 170260, 'Franky Franklin', 'Фрэнки Франклин', 'フランキー・フランクリン', {
    descriptionEn: 'Loid’s informant, always out of luck in love.',
    noImage: true,
  }),
];
