/** Sample upload files the Launch Review page offers (000 §2), served from public/samples. Client-safe. */
export const SAMPLE_FILES = {
  pairs: "/samples/reviewee-reviewer-pairs.csv",
  nominees: "/samples/reviewees-to-nominate.csv",
} as const;
