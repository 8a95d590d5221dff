import { z } from "zod";

/**
 * The per-reviewee report's download form (000 §2 "Download as PDF or XLSX"), client-safe:
 * intent "download", the format, and the report's reviewee and reviews (comma-separated ids).
 */
export const DOWNLOAD_INTENT = "download";
export const DOWNLOAD_FORMATS = ["pdf", "xlsx"] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

export const RevieweeDownloadSchema = z.object({
  intent: z.literal(DOWNLOAD_INTENT),
  format: z.enum(DOWNLOAD_FORMATS),
  revieweeId: z.string().trim().min(1).max(100),
  reviewIds: z.string().trim().min(1).max(2100),
});
