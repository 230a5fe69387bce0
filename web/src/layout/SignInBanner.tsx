import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { signInProblem, withoutSignInOutcome } from '../app/sign-in';

/**
 * Tells the visitor a sign-in did not work, on whatever page it returned to: cancelled on
 * Discord, or failed (state mismatch, refused code, Discord unreachable). Dismissing it (the
 * button, or Escape inside the banner) drops `?login=` from the address without a reload.
 */
export function SignInBanner() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const problem = signInProblem(location.search);
  if (!problem) return null;

  const dismiss = () =>
    navigate(
      { pathname: location.pathname, search: withoutSignInOutcome(location.search), hash: location.hash },
      { replace: true },
    );

  return (
    <div className="notice-banner" role="alert" data-sign-in={problem}>
      <div className="notice-banner__inner">
        <p className="notice-banner__text">{t(`signIn.${problem}`)}</p>
        <button
          type="button"
          className="button button--ghost notice-banner__dismiss"
          onClick={dismiss}
          onKeyDown={(e) => {
            if (e.key === 'Escape') dismiss();
          }}
        >
          {t('signIn.dismiss')}
        </button>
      </div>
    </div>
  );
}
