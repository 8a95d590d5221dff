import { describe, expect, it } from "vitest";
import {
  BLOCKED_NOTIFICATIONS_REASON,
  BOT_DISABLED_BY_ADMIN_MESSAGE,
  deliveryErrorCode,
  describeDeliveryFailures,
  formatDeliveryError,
  notDeliveredMessage,
} from "~/modules/notifications/failures";

describe("notification failure messages (002 §8)", () => {
  it("uses the specification's sentences exactly", () => {
    expect(BLOCKED_NOTIFICATIONS_REASON).toBe("These users blocked notifications from apps.");
    expect(BOT_DISABLED_BY_ADMIN_MESSAGE).toBe("Your Microsoft Teams admin disabled notifications from the app.");
  });

  it("names one person and the kind as the sentence reads it", () => {
    expect(notDeliveredMessage(["Eve Patel"], "survey-reminder")).toBe("Eve Patel did not receive your survey reminder.");
  });

  it("joins several names into one list", () => {
    expect(notDeliveredMessage(["Eve", "Ed"], "feedback-loop")).toBe("Eve and Ed did not receive your feedback loop.");
    expect(notDeliveredMessage(["Eve", "Ed", "Sam"], "performance-review")).toBe(
      "Eve, Ed, and Sam did not receive your performance review."
    );
  });

  it("keeps an unknown kind as given", () => {
    expect(notDeliveredMessage(["Eve"], "quarterly digest")).toBe("Eve did not receive your quarterly digest.");
  });

  it("explains blocked people with the blocked reason and the unblock advice", () => {
    const notices = describeDeliveryFailures(
      [
        { name: "Eve", error: formatDeliveryError("BlockedByUser", "slack messages_tab_disabled") },
        { name: "Ed", error: "BlockedByUser" },
      ],
      "reminder"
    );
    expect(notices).toHaveLength(1);
    expect(notices[0].message).toBe("Eve and Ed did not receive your reminder.");
    expect(notices[0].reason).toBe(BLOCKED_NOTIFICATIONS_REASON);
    expect(notices[0].advice).toContain("Unblock bot conversation");
  });

  it("reports a disabled Teams app once, apart from the people it concerns", () => {
    const notices = describeDeliveryFailures(
      [
        { name: "Tina", error: "BotDisabledByAdmin: msteams 403 BotDisabledByAdmin" },
        { name: "Tom", error: "BotDisabledByAdmin" },
        { name: "Ivy", error: "RecipientNotFound: msteams 404 http_404" },
      ],
      "survey"
    );
    expect(notices.map((n) => n.message)).toEqual([BOT_DISABLED_BY_ADMIN_MESSAGE, "Ivy did not receive your survey."]);
    expect(notices[1].reason).toBeUndefined();
  });

  it("reads the code from a stored error and ignores what it does not know", () => {
    expect(deliveryErrorCode("RecipientNotFound: slack user_not_found")).toBe("RecipientNotFound");
    expect(deliveryErrorCode("BotDisabledByAdmin")).toBe("BotDisabledByAdmin");
    expect(deliveryErrorCode("something else")).toBeNull();
    expect(deliveryErrorCode(null)).toBeNull();
  });
});
