import type { FakePerson } from './types';

/** Voice actors and staff the fake catalogue names (ids invented where the real ones are unknown). */
const p = (id: number, name: string, russian: string, japanese: string): FakePerson => ({
  id,
  name,
  russian,
  japanese,
});

export const PEOPLE = {
  yamadera: p(11, 'Koichi Yamadera', 'Коити Ямадэра', '山寺宏一'),
  hayashibara: p(8, 'Megumi Hayashibara', 'Мэгуми Хаясибара', '林原めぐみ'),
  park: p(140, 'Romi Park', 'Роми Пак', '朴璐美'),
  kugimiya: p(7, 'Rie Kugimiya', 'Риэ Кугимия', '釘宮理恵'),
  miyano: p(65, 'Mamoru Miyano', 'Мамору Мияно', '宮野真守'),
  imai: p(5447, 'Asami Imai', 'Асами Имаи', '今井麻美'),
  tanezaki: p(11297, 'Atsumi Tanezaki', 'Ацуми Танэдзаки', '種﨑敦美'),
  ogata: p(96, 'Megumi Ogata', 'Мэгуми Огата', '緒方恵美'),
  emura: p(34785, 'Takuya Eguchi', 'Такуя Эгути', '江口拓也'),
  hayami: p(869, 'Saori Hayami', 'Саори Хаями', '早見沙織'),
  ichinose: p(46765, 'Kana Ichinose', 'Кана Итиносэ', '市ノ瀬加那'),
  hanazawa: p(185, 'Kana Hanazawa', 'Кана Ханадзава', '花澤香菜'),
  ishikawa: p(21049, 'Yui Ishikawa', 'Юи Исикава', '石川由依'),
  itou: p(40157, 'Setsuo Ito', 'Сэцуо Ито', '伊藤節生'),
  watanabe: p(1870, 'Shinichiro Watanabe', 'Синъитиро Ватанабэ', '渡辺信一郎'),
  anno: p(1869, 'Hideaki Anno', 'Хидэаки Анно', '庵野秀明'),
  irie: p(7155, 'Yasuhiro Irie', 'Ясухиро Ириэ', '入江泰浩'),
  saitou: p(48539, 'Keiichirou Saitou', 'Кэйитиро Сайто', '斎藤圭一郎'),
  furuhashi: p(6106, 'Kazuhiro Furuhashi', 'Кадзухиро Фурухаси', '古橋一浩'),
  ishizuka: p(49723, 'Taichi Ishidate', 'Тайти Исидатэ', '石立太一'),
  tachikawa: p(41473, 'Yuzuru Tachikawa', 'Юдзуру Татикава', '立川譲'),
  satou: p(4290, 'Hiroshi Hamasaki', 'Хироси Хамасаки', '浜崎博嗣'),
} as const;
