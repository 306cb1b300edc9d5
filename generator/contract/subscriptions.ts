// The numbers of the subscriptions (the calendars and the change feeds) that
// the docs promise and the derive and emit layers share.

/**
 * A calendar event of a documented end carries a DISPLAY reminder this many
 * days before the first day the end can fall on (the day itself for a
 * day-precision end, the first day of its month, quarter or year otherwise).
 * The calendars without reminders (the `...NoAlarms` resources) carry none.
 */
export const REMINDER_DAYS = [90, 30, 7] as const;

/**
 * The change feeds' archives (RFC 5005 §4): one archive document per calendar
 * month of entry dates, cut once the month has been over for `graceDays`
 * days (a revision merged a few days after its date still lands in a month
 * that is not archived yet). The subscription document holds the newest
 * entries of the months not yet archived.
 */
export const FEED_ARCHIVE = {
  graceDays: 14,
  /**
   * The most bytes of entries a subscription document holds, so a reader's
   * poll stays small (the whole document under 500 KB); the older entries of
   * the months not yet archived are in their month's document ahead of its
   * cut (derive/changes.ts boundCurrent).
   */
  subscriptionEntryBytes: 400_000,
} as const;
