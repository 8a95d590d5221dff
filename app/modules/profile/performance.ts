/** The Performance tab's query parameter that narrows it to one campaign (the campaign selector's GET form). */
export const CAMPAIGN_PARAM = "campaign";

/** 002 §9: the score query waits this long after the campaign selector changes. */
export const SCORE_QUERY_DEBOUNCE_MS = 300;
