export const id = 441;
export const ids = [441];
export const modules = {

/***/ 441:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   createClient: () => (/* binding */ createClient)
/* harmony export */ });
/* unused harmony exports GitHubError, EXTERNAL_ID_PREFIX */
/* harmony import */ var _actions_github__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(413);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(327);
/**
 * The GitHub REST client the action reports through: @actions/github's
 * Octokit, its requests sent by the product's one transport
 * (@actions/http-client: the runner's proxy settings, a time limit on each
 * request) under the product's one retry policy. Loaded with a dynamic import
 * only when reporting is on, so that a step that reports nothing neither
 * loads nor starts it.
 */


/** A GitHub answer the action cannot use: its status, GitHub's message, and the permissions it names. */
class GitHubError extends Error {
    status;
    accepted;
    name = 'GitHubError';
    constructor(message, status, 
    /** `x-accepted-github-permissions`, e.g. `issues=write; pull_requests=write`. */
    accepted) {
        super(message);
        this.status = status;
        this.accepted = accepted;
    }
}
/** Attempts per request, the time each may take, the longest wait a rate limit may ask for, and the largest answer read. */
const ATTEMPTS = 3;
const REQUEST_MS = 30_000;
const MAX_RATE_LIMIT_WAIT_MS = 60_000;
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;
/**
 * Octokit's fetch, as our transport: @actions/http-client honours the
 * runner's proxy settings without the second HTTP stack (undici) that
 * @actions/github would bring, and each request is cut at its time limit.
 */
function transportFetch(signal) {
    return async (url, init = {}) => {
        const target = String(url);
        const method = (init.method ?? 'GET').toUpperCase();
        const headers = Object.fromEntries(new Headers(init.headers).entries());
        const own = init.signal ? AbortSignal.any([signal, init.signal]) : signal;
        const answer = await (0,_core_index_js__WEBPACK_IMPORTED_MODULE_1__/* .send */ .tN)({
            method,
            url: target,
            headers,
            ...(typeof init.body === 'string' ? { body: init.body } : {}),
            label: (0,_core_index_js__WEBPACK_IMPORTED_MODULE_1__/* .labelOf */ .Wy)(method, target)
        }, { timeouts: _core_index_js__WEBPACK_IMPORTED_MODULE_1__/* .DEFAULT_TIMEOUTS */ .Rh, userAgent: (0,_core_index_js__WEBPACK_IMPORTED_MODULE_1__/* .userAgent */ .N1)('action') }, { signal: own, deadline: Date.now() + REQUEST_MS, maxBytes: MAX_ANSWER_BYTES });
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(answer.headers))
            if (value !== undefined)
                responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
        const empty = answer.status === 204 || answer.status === 304;
        return new Response(empty ? null : answer.body, {
            status: answer.status,
            headers: responseHeaders
        });
    };
}
/** The prefix of our check runs' external id: a job's own check run of the same name is never taken for ours. */
const EXTERNAL_ID_PREFIX = 'mobile-build-deploy:';
function createClient(token, baseUrl, signal) {
    const octokit = (0,_actions_github__WEBPACK_IMPORTED_MODULE_0__/* .getOctokit */ .Q)(token, {
        baseUrl,
        userAgent: (0,_core_index_js__WEBPACK_IMPORTED_MODULE_1__/* .userAgent */ .N1)('action'),
        request: { fetch: transportFetch(signal) }
    });
    octokit.hook.wrap('request', (request, options) => (0,_core_index_js__WEBPACK_IMPORTED_MODULE_1__/* .withRetry */ .u0)({
        maxAttempts: ATTEMPTS,
        baseDelayMs: 1000,
        maxDelayMs: MAX_RATE_LIMIT_WAIT_MS,
        deadline: Date.now() + 5 * REQUEST_MS,
        signal
    }, async () => {
        try {
            return await request(options);
        }
        catch (error) {
            throw classify(error);
        }
    }, () => undefined));
    return {
        async findCheck(repo, sha, name) {
            const { data } = await octokit.rest.checks.listForRef({
                ...repo,
                ref: sha,
                check_name: name,
                filter: 'latest',
                per_page: 100
            });
            const ours = data.check_runs.find(run => run.external_id?.startsWith(EXTERNAL_ID_PREFIX));
            return ours && { id: Number(ours.id), externalId: ours.external_id ?? undefined };
        },
        async createCheck(repo, fields) {
            const { data } = await octokit.rest.checks.create({
                ...repo,
                ...fields
            });
            return { id: Number(data.id), externalId: data.external_id ?? undefined };
        },
        async updateCheck(repo, id, fields) {
            await octokit.rest.checks.update({ ...repo, check_run_id: id, ...fields });
        },
        async findComment(repo, issue, marker) {
            for await (const page of octokit.paginate.iterator(octokit.rest.issues.listComments, {
                ...repo,
                issue_number: issue,
                per_page: 100
            })) {
                const found = page.data.find(comment => comment.body?.includes(marker));
                if (found)
                    return { id: Number(found.id), body: found.body ?? '' };
            }
            return undefined;
        },
        async createComment(repo, issue, body) {
            const { data } = await octokit.rest.issues.createComment({
                ...repo,
                issue_number: issue,
                body
            });
            return { id: Number(data.id), body: data.body ?? '' };
        },
        async updateComment(repo, id, body) {
            await octokit.rest.issues.updateComment({ ...repo, comment_id: id, body });
        },
        async pullRequestOf(repo, owner, branch, sha) {
            const { data } = await octokit.rest.pulls.list({
                ...repo,
                head: `${owner}:${branch}`,
                state: 'open',
                per_page: 100
            });
            const pull = data.find(pr => pr.head.sha === sha);
            return pull ? Number(pull.number) : undefined;
        }
    };
}
/**
 * An Octokit failure in the retry policy's terms: a 5xx or a failed
 * connection is transient; a rate limit (429, or 403 with GitHub's
 * rate-limit words or headers) is transient after the wait GitHub asks for,
 * when that is not too long; anything else is permanent.
 */
function classify(error) {
    const failed = error;
    const status = typeof failed.status === 'number' ? failed.status : 0;
    const headers = failed.response?.headers ?? {};
    const said = String(failed.response?.data?.message ?? failed.message ?? (0,_core_index_js__WEBPACK_IMPORTED_MODULE_1__/* .messageOf */ .bD)(error));
    if (error instanceof _core_index_js__WEBPACK_IMPORTED_MODULE_1__/* .NetworkError */ .Dr || error instanceof _core_index_js__WEBPACK_IMPORTED_MODULE_1__/* .HttpStatusError */ .F9)
        return error;
    if (!failed.response)
        return new _core_index_js__WEBPACK_IMPORTED_MODULE_1__/* .NetworkError */ .Dr(`GitHub could not be reached: ${said}`);
    const limited = status === 429 ||
        (status === 403 && (/rate limit/i.test(said) || headers['x-ratelimit-remaining'] === '0'));
    if (limited) {
        const retryAfter = (0,_core_index_js__WEBPACK_IMPORTED_MODULE_1__/* .parseRetryAfter */ .mu)(headers['retry-after']) ??
            (headers['x-ratelimit-reset']
                ? Math.max(0, Number(headers['x-ratelimit-reset']) * 1000 - Date.now())
                : 60_000);
        if (retryAfter <= MAX_RATE_LIMIT_WAIT_MS)
            return new _core_index_js__WEBPACK_IMPORTED_MODULE_1__/* .HttpStatusError */ .F9(`GitHub's rate limit: ${said}`, 429, retryAfter);
        return new GitHubError(`GitHub's rate limit: ${said}`, status);
    }
    if (status >= 500)
        return new _core_index_js__WEBPACK_IMPORTED_MODULE_1__/* .HttpStatusError */ .F9(`GitHub answered ${status}: ${said}`, status);
    return new GitHubError(said, status, headers['x-accepted-github-permissions']);
}


/***/ })

};

//# sourceMappingURL=441.index.js.map