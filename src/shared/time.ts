/** One day in milliseconds: trial lengths, free-chat windows and session lifetimes are counted in days. */
export const DAY_MS = 24 * 60 * 60 * 1000;
