import { renderToStaticMarkup } from 'react-dom/server';
import { PRODUCT_NAME_SLOT, STATIC_WELCOME_ID } from '#shared/chat-welcome';

/** For the build script, which writes the HTML there. */
export { STATIC_WELCOME_FILE } from '#shared/chat-welcome';
import { StaticDialog } from '../../../components/ui/dialog';
import { WELCOME_DESCRIPTION, WelcomeBody, welcomeTitle } from '../components/welcome-dialog';

/**
 * The chat's welcome as HTML, written at build time (scripts/prerender.mjs) for the server to put
 * in /chat's page on a rep's first visit: on a slow phone it then shows with the page's styles,
 * about two seconds before the app could draw it (issue #13, ADR 0009). Never part of the
 * browser's bundle. The product's name is left as PRODUCT_NAME_SLOT for the server to fill in.
 */
export function renderStaticWelcome(): string {
  return renderToStaticMarkup(
    <StaticDialog id={STATIC_WELCOME_ID} title={welcomeTitle(PRODUCT_NAME_SLOT)} description={WELCOME_DESCRIPTION}>
      <WelcomeBody />
    </StaticDialog>,
  );
}
