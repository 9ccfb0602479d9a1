/** Requests kept back from the token's hourly limit: the deploys of the same hour need them more. */
const RATE_RESERVE = 50

/** The budget or the rate-limit reserve is spent: the rest waits for the next collect. */
export class BudgetSpent extends Error {}

/** The requests a deployment a collect claimed still needs: its completion, and its share of its step's comment. */
export const WRITES_PER_CLAIM = 4

/**
 * A collect's request budget (collect-max-requests) and the rate-limit
 * reserve, checked before every request, each page and retry included, so
 * that a head with thousands of check runs cannot take the budget past its
 * end. While the collect looks, what the deployments it claimed still need
 * (their completions and comments) is held back: looking further never
 * leaves a claimed check run without the requests that complete it.
 */
export class Budget {
  /** Requests held back for what is claimed: released when the GitHub reporter writes. */
  reserved = 0

  constructor(readonly max: number) {}

  /** Holds back `writes` requests for what was just claimed; throws BudgetSpent, holding nothing, when they would pass the budget. */
  reserve(client: { requestCount(): number }, writes: number): void {
    if (client.requestCount() + this.reserved + writes > this.max)
      throw new BudgetSpent(
        `What it found would need more than the ${this.max} requests collect-max-requests allows to write; the rest is collected next time.`
      )
    this.reserved += writes
  }

  /** Throws BudgetSpent when the next request would pass the budget or eat into the rate-limit reserve. */
  check(client: {
    requestCount(): number
    /** The host's rate limit as its last answer told it (GitHub's), when it tells one. */
    rateLimit?: () => { limit: number; remaining: number } | undefined
  }): void {
    if (client.requestCount() + this.reserved >= this.max)
      throw new BudgetSpent(
        `It sent the ${this.max} requests collect-max-requests allows; the rest is collected next time.`
      )
    const rate = client.rateLimit?.()
    if (rate && rate.remaining <= Math.min(RATE_RESERVE, rate.limit / 10) + this.reserved)
      throw new BudgetSpent(
        `The token has ${rate.remaining} of its ${rate.limit} requests an hour left to GitHub's API, kept for the deploys; the rest is collected next time.`
      )
  }
}
