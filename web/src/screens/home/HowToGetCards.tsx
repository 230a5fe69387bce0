import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../app/session';

/** The bot's drop command (services/bot): the one way a new collector gets cards. */
export const DROP_COMMAND = '/card';

/**
 * How a visitor gets cards (issue 22 item 7): sign in, the bot's drop command, trades; and the
 * link to the bot when the site has one configured (BOT_INVITE_URL, in the page state).
 */
export function HowToGetCards() {
  const { t } = useTranslation();
  const { user, botInvite } = useSession();
  return (
    <section className="how-to" aria-labelledby="how-to-title">
      <h2 id="how-to-title">{t('home.howTo.title')}</h2>
      <ol className="how-to__steps">
        {!user && <li>{t('home.howTo.signIn')}</li>}
        <li>
          <Trans
            i18nKey="home.howTo.command"
            values={{ command: DROP_COMMAND }}
            components={{ code: <code className="how-to__command" /> }}
          />
        </li>
        <li>{user ? <Link to="/trade">{t('home.howTo.trade')}</Link> : t('home.howTo.trade')}</li>
      </ol>
      {botInvite ? (
        <a className="button button--primary how-to__invite" href={botInvite} rel="noopener noreferrer">
          {t('home.howTo.invite')}
        </a>
      ) : (
        <p className="how-to__note">{t('home.howTo.noInvite')}</p>
      )}
    </section>
  );
}
