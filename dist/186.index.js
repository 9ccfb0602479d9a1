export const id = 186;
export const ids = [186];
export const modules = {

/***/ 5186:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   collectVerdicts: () => (/* binding */ collectVerdicts)
/* harmony export */ });
/* unused harmony exports DEFAULT_BRANCH_COMMITS, WRITE_SPACING_MS, OUR_APP */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(763);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(986);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2287);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2055);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8254);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(7047);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(9921);
/* harmony import */ var _comment_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(7977);
/* harmony import */ var _scrub_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(463);




/**
 * The newest commits of the default branch a collect looks at: a deploy on
 * push checks its own commit, and between two collects a busy branch gets a
 * few merges; ten covers them at one request, where a deployment older than
 * that is superseded by a newer one anyway.
 */
const DEFAULT_BRANCH_COMMITS = 10;
/** The open pull requests a collect looks at, the most recently updated first. */
const MAX_PULLS = 100;
/** GitHub asks for at least a second between two writes (its secondary rate limits): writes are spaced so. */
const WRITE_SPACING_MS = 1000;
/** Requests kept back from the token's hourly limit: the deploys of the same hour need them more. */
const RATE_RESERVE = 50;
/** The app whose check runs a collect completes: the workflow token's (GITHUB_TOKEN is an installation token of `github-actions`). */
const OUR_APP = 'github-actions';
/** Ran out of requests: the rest waits for the next collect. */
class Budget extends Error {
}
/**
 * One collect: finds this repository's check runs of deployments reported
 * later (on open pull requests' heads and the default branch's newest
 * commits), asks the service once for each run's verdict, and completes each
 * ended one as the waiting step would have: the same judgement, check
 * output and comment. A check run is ours only when our app wrote it, its
 * `external_id` is ours with a run id, and its summary carries the facts of
 * a deployment of the same name. An unended run is left as it is; nothing is
 * written that did not change; a completed check run is never written again.
 */
async function collectVerdicts(plan, collect, client, signal) {
    const report = { completed: [], pending: 0, problems: [] };
    const log = collect.output.log;
    const budget = () => {
        const used = client.requestCount();
        if (used >= plan.maxRequests)
            throw new Budget(`It sent the ${plan.maxRequests} requests collect-max-requests allows; the rest is collected next time.`);
        const rate = client.rateLimit();
        if (rate && rate.remaining <= Math.min(RATE_RESERVE, rate.limit / 10))
            throw new Budget(`The token has ${rate.remaining} of its ${rate.limit} requests an hour left to GitHub's API, kept for the deploys; the rest is collected next time.`);
    };
    let lastWrite = -Infinity;
    const spaced = async (write) => {
        budget();
        const wait = lastWrite + WRITE_SPACING_MS - _core_index_js__WEBPACK_IMPORTED_MODULE_1__/* .clock */ .pm.now();
        if (wait > 0)
            await _core_index_js__WEBPACK_IMPORTED_MODULE_1__/* .clock */ .pm.sleep(wait, signal);
        lastWrite = _core_index_js__WEBPACK_IMPORTED_MODULE_1__/* .clock */ .pm.now();
        return write();
    };
    try {
        budget();
        const pulls = await client.openPulls(plan.repo, MAX_PULLS);
        budget();
        const commits = await client.defaultBranchCommits(plan.repo, DEFAULT_BRANCH_COMMITS);
        const heads = [...new Set([...pulls.map(pull => pull.headSha), ...commits])];
        for (const sha of heads) {
            if (signal?.aborted)
                break;
            budget();
            const runs = await client.listCheckRuns(plan.repo, sha);
            const ours = runs.map(pendingOf).filter((p) => p !== undefined);
            const waiting = ours.filter(p => p.run.status !== 'completed');
            if (waiting.length === 0)
                continue;
            // Where each deployment now stands: its facts, with a verdict once its run ended.
            const now = new Map();
            const changed = [];
            for (const pending of waiting) {
                const since = Date.parse(pending.run.startedAt ?? '') || _core_index_js__WEBPACK_IMPORTED_MODULE_1__/* .clock */ .pm.now();
                let verdict;
                try {
                    verdict = await collect.verdictOf(pending.runId, since);
                }
                catch (error) {
                    report.problems.push(`The verdict of run ${pending.runId} (${(0,_core_index_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .hD)(pending.run.name ?? '')}) could not be asked for: ${(0,_core_index_js__WEBPACK_IMPORTED_MODULE_3__/* .messageOf */ .bD)(error)}`);
                    continue;
                }
                if ('pending' in verdict) {
                    report.pending++;
                    now.set(pending.run.name, {
                        deployment: pending.facts.deployment,
                        stage: (0,_core_index_js__WEBPACK_IMPORTED_MODULE_4__/* .stageWords */ ._l)(verdict.pending)
                    });
                    continue;
                }
                const deployment = collect.judged(pending.facts.deployment, verdict.verdict);
                now.set(pending.run.name, { deployment });
                if (await complete(pending, deployment)) {
                    report.completed.push(deployment);
                    changed.push(pending);
                }
            }
            for (const pending of uniqueSteps(changed))
                await comment(pending, ours, now, new Set(pulls.filter(p => p.headSha === sha).map(p => p.number)));
        }
    }
    catch (error) {
        if (!(error instanceof Budget))
            throw error;
        report.stopped = error.message;
        log.notice(`The collect stopped early: ${error.message}`, 'Collect stopped early');
    }
    return report;
    /**
     * Completes a check run with its verdict, unless a collect beside this one
     * does. GitHub has no conditional write, so a collect claims the check
     * first (its own token in `external_id`), waits the write spacing, and
     * completes it only if the claim is still its own and the check still in
     * progress: of two collects at once, the later claim wins, and one that
     * claims after the other's look finds the check completed.
     */
    async function complete(pending, deployment) {
        budget();
        const fresh = await client.getCheck(plan.repo, pending.run.id);
        if (fresh.status === 'completed')
            return false;
        const identity = (0,_core_index_js__WEBPACK_IMPORTED_MODULE_5__/* .parseExternalId */ .Wt)(fresh.externalId) ?? (0,_core_index_js__WEBPACK_IMPORTED_MODULE_5__/* .parseExternalId */ .Wt)(pending.run.externalId);
        const claim = (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomBytes)(6).toString('hex');
        await spaced(() => client.updateCheck(plan.repo, pending.run.id, {
            external_id: (0,_core_index_js__WEBPACK_IMPORTED_MODULE_5__/* .externalId */ .pP)({ ...identity, claim })
        }));
        await _core_index_js__WEBPACK_IMPORTED_MODULE_1__/* .clock */ .pm.sleep(WRITE_SPACING_MS, signal);
        budget();
        const claimed = await client.getCheck(plan.repo, pending.run.id);
        if (claimed.status === 'completed' || (0,_core_index_js__WEBPACK_IMPORTED_MODULE_5__/* .parseExternalId */ .Wt)(claimed.externalId)?.claim !== claim)
            return false;
        const fields = (0,_scrub_js__WEBPACK_IMPORTED_MODULE_6__/* .scrubbed */ .f)(plan.secrets, {
            status: 'completed',
            conclusion: (0,_core_index_js__WEBPACK_IMPORTED_MODULE_7__/* .checkConclusion */ .Gc)(deployment),
            completed_at: new Date(_core_index_js__WEBPACK_IMPORTED_MODULE_1__/* .clock */ .pm.now()).toISOString(),
            external_id: (0,_core_index_js__WEBPACK_IMPORTED_MODULE_5__/* .externalId */ .pP)({
                runId: deployment.verdict?.runId ?? pending.runId,
                workflowRunId: identity.workflowRunId,
                build: identity.build || (0,_core_index_js__WEBPACK_IMPORTED_MODULE_5__/* .buildKey */ .sI)(deployment)
            }),
            ...(deployment.verdict?.runUrl ? { details_url: deployment.verdict.runUrl } : {}),
            output: (0,_core_index_js__WEBPACK_IMPORTED_MODULE_7__/* .checkOutput */ .yr)(deployment, undefined, pending.facts.workflowRunUrl, pending.facts.names)
        });
        await spaced(() => client.updateCheck(plan.repo, pending.run.id, fields));
        collect.output.log.info(`${pending.run.name}: run ${deployment.verdict?.runId ?? pending.runId} ended, the check run is completed as ${String(fields.conclusion)}.`);
        return true;
    }
    /**
     * The comment of the step a completed deployment belongs to, as the step
     * would show it now: each of its deployments as its newest check run of
     * ours says, the one just completed with its verdict. Only on an open pull
     * request whose head is this commit: a deployment's own word for its pull
     * request is never enough to write on one.
     */
    async function comment(pending, ours, now, openHere) {
        const number = pending.facts.deployment.git?.pullRequestNumber;
        if (number === undefined || !openHere.has(number))
            return;
        const { names } = pending.facts;
        const shown = names.map(name => {
            const current = now.get(name);
            if (current)
                return current;
            // The newest of the name first: GitHub lists a commit's check runs newest first.
            const latest = ours.find(p => p.run.name === name);
            return latest ? { deployment: latest.facts.deployment } : undefined;
        });
        if (shown.some(entry => entry === undefined))
            return;
        const entries = shown;
        const body = plan.secrets.redactValue((0,_core_index_js__WEBPACK_IMPORTED_MODULE_7__/* .commentBody */ .I2)(entries.map(entry => entry.deployment), entries.map(entry => entry.stage), plan.workflowRunUrl));
        const ourComment = new _comment_js__WEBPACK_IMPORTED_MODULE_8__/* .OurComment */ .I(async () => client, plan.repo, number);
        const controller = new AbortController();
        try {
            budget();
            await ourComment.write(body, names, controller.signal, write => spaced(write));
        }
        catch (error) {
            if (error instanceof Budget)
                throw error;
            report.problems.push(`The comment on pull request #${number} could not be written: ${(0,_core_index_js__WEBPACK_IMPORTED_MODULE_3__/* .messageOf */ .bD)(error)}`);
        }
    }
}
/** A check run of ours still to collect, or undefined: another app's, another product's, or one that carries no facts. */
function pendingOf(run) {
    if (run.app !== OUR_APP)
        return undefined;
    const identity = (0,_core_index_js__WEBPACK_IMPORTED_MODULE_5__/* .parseExternalId */ .Wt)(run.externalId);
    if (!identity?.runId)
        return undefined;
    const facts = (0,_core_index_js__WEBPACK_IMPORTED_MODULE_9__/* .readFactsLine */ .O)(run.summary);
    if (!facts || facts.deployment.name !== run.name || !facts.deployment.reportLater)
        return undefined;
    if (run.status !== 'completed' && !(0,_core_index_js__WEBPACK_IMPORTED_MODULE_7__/* .isPending */ .mm)(facts.deployment))
        return undefined;
    return { run, facts, runId: identity.runId };
}
/** One completed deployment per step: a step's comment is written once for all of them. */
function uniqueSteps(changed) {
    const seen = new Set();
    return changed.filter(pending => {
        const key = JSON.stringify([
            pending.facts.deployment.git?.pullRequestNumber,
            pending.facts.names
        ]);
        if (seen.has(key))
            return false;
        seen.add(key);
        return true;
    });
}


/***/ })

};
