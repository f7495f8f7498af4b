/**
 * The chat's first-visit welcome (product §7.1), which the server can put in /chat's HTML so it
 * paints before the app's scripts have run (issue #13, ADR 0009). The names both sides use.
 */

/** Set by the browser once the welcome has been closed; the server then leaves it out of /chat. */
export const CHAT_WELCOME_SEEN_COOKIE = 'sc_chat_welcome_seen';

/** The `id` of the welcome the server put in the page, outside the app's root. */
export const STATIC_WELCOME_ID = 'static-welcome';

/** Where the product's name goes in the prerendered welcome; the server fills it in, escaped. */
export const PRODUCT_NAME_SLOT = '%PRODUCT_NAME%';

/** Where the build writes the prerendered welcome, under the client's output directory. */
export const STATIC_WELCOME_FILE = '.vite/chat-welcome.html';
