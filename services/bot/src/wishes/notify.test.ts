import { describe, expect, it } from 'vitest';
import { wishMessage } from './notify';

const alert = {
  alertId: 1,
  userId: 7,
  characterId: 500,
  cardId: 3,
  characterName: 'Frieren *the* _Slayer_',
  characterNames: { en: 'Frieren *the* _Slayer_', ru: 'Фрирен' },
  dm: true,
};

describe('the wish DM', () => {
  it('names the character escaped for Discord markdown and links to the profile after a drop', () => {
    const { content } = wishMessage('en', { ...alert, reason: 'drop', entryId: 9 }, 'https://cards.test');
    expect(content).toBe(
      '⭐ A **Frieren \\*the\\* \\_Slayer\\_** card from your wishlist was just dropped to another fan.\n' +
        'See it on the site: https://cards.test/profile (your profile can mute these messages).',
    );
  });

  it('names the trade and links to the trades after an offer, in Russian too', () => {
    const { content } = wishMessage('ru', { ...alert, reason: 'trade', tradeId: 42 }, 'https://cards.test');
    expect(content).toBe(
      '⭐ Вам предлагают карточку **Фрирен** из вашего списка желаний в обмене #42.\n' +
        'Посмотреть на сайте: https://cards.test/trade (в профиле эти сообщения можно отключить).',
    );
  });
});
