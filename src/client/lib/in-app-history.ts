/**
 * Whether the entry before this one in the tab's history is a page of this site, so a page's
 * Back can step back through history to wherever the user came from (issue #25). The Navigation
 * API answers exactly that (its entries are this origin's only, and a replaced entry is not a
 * new one); without it, the route table's back map stands. TypeScript's DOM types lack it.
 */
export function canGoBackInApp(): boolean {
  const navigation = (window as { navigation?: { canGoBack?: boolean } }).navigation;
  return navigation?.canGoBack === true;
}
