// Where production and the spec disagree the client accepts the union: refusing a value the server takes would be worse.

/** Spec: MOBILE_SITE IPHONE_APP IPHONE_SITE ANDROID_APP JAVA_APP OTHER_APP; production adds IPAD_APP. */
export const PUBLICATION_TYPES = ['MOBILE_SITE', 'IPHONE_SITE', 'IPHONE_APP', 'IPAD_APP', 'ANDROID_APP', 'JAVA_APP', 'OTHER_APP'] as const;

/** Site types need a URL; for application types it is optional (spec, create publication). */
export const SITE_TYPES = new Set(['MOBILE_SITE', 'IPHONE_SITE']);

/** Statuses a user may set. */
export const PUBLICATION_STATUSES = ['ACTIVE', 'PAUSED', 'STOPPED'] as const;

/** Every status a list shows, so each can filter one: production also reports PENDING, NEW, NEW_REVIEW, REJECTED. */
export const PUBLICATION_LIST_STATUSES = [...PUBLICATION_STATUSES, 'PENDING', 'NEW', 'NEW_REVIEW', 'REJECTED'] as const;

export const AD_FORMATS = ['banner', 'text', 'iab300x250'] as const;

export const LEVELS = ['publication', 'adslot'] as const;
export const INTERVALS = ['total', 'day', 'hour'] as const;
