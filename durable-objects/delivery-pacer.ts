import { DurableObject } from "cloudflare:workers";
import {
  applyReport,
  emptyPacerState,
  pruneState,
  reserveSlot,
  type PacedPlatform,
  type PacerState,
  type Reservation,
  type SendReport,
} from "../app/modules/notifications/pacing";

/**
 * The sending pace of one Slack workspace or Teams tenant (named by pacerName()). Queue consumers
 * ask it for a slot before each chat message and tell it about throttled answers; the rules are
 * app/modules/notifications/pacing.ts. Each call reads, decides and writes with no await in
 * between, so concurrent consumers are served one at a time and never share a slot. Channel
 * times live in memory (they matter for a second or so); a hold or back-off is also stored, so an
 * evicted object still honours a Retry-After.
 */
export class DeliveryPacer extends DurableObject<Env> {
  private state: PacerState = emptyPacerState();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      const stored = await ctx.storage.get<{ holdUntil: number; backoffLevel: number }>("hold");
      if (stored) this.state = { ...this.state, ...stored };
    });
  }

  /** Takes `channel`'s turn when it is free now, or says how long until it is. `now` exists for tests. */
  reserve(platform: PacedPlatform, channel: string, now = Date.now()): Reservation {
    const { state, reservation } = reserveSlot(pruneState(this.state, now), platform, channel, now);
    this.state = state;
    return reservation;
  }

  /** Records a send's outcome: a throttle holds the workspace or backs the tenant off. */
  async report(platform: PacedPlatform, report: SendReport, now = Date.now()): Promise<{ holdUntil: number }> {
    const before = this.state;
    this.state = applyReport(before, platform, report, now, Math.random);
    if (this.state.holdUntil !== before.holdUntil || this.state.backoffLevel !== before.backoffLevel) {
      await this.ctx.storage.put("hold", { holdUntil: this.state.holdUntil, backoffLevel: this.state.backoffLevel });
    }
    return { holdUntil: this.state.holdUntil };
  }
}
