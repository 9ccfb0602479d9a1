export const id = 144;
export const ids = [144];
export const modules = {

/***/ 2144:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  createClient: () => (/* binding */ createClient)
});

// EXTERNAL MODULE: ./src/core/github/errors.ts
var errors = __webpack_require__(7872);
// EXTERNAL MODULE: ./node_modules/@actions/github/lib/github.js + 22 modules
var github = __webpack_require__(2413);
// EXTERNAL MODULE: ./src/core/shared/clock.ts
var clock = __webpack_require__(763);
// EXTERNAL MODULE: ./src/core/shared/version.ts
var version = __webpack_require__(3113);
// EXTERNAL MODULE: ./src/core/transport/retry.ts
var retry = __webpack_require__(2927);
// EXTERNAL MODULE: ./src/core/transport/send.ts
var send = __webpack_require__(5163);
// EXTERNAL MODULE: ./src/core/shared/url-parts.ts
var url_parts = __webpack_require__(123);
// EXTERNAL MODULE: ./src/core/github/answers.ts
var answers = __webpack_require__(2368);
;// CONCATENATED MODULE: ./src/core/github/octokit.ts
/**
 * @actions/github's Octokit over the product's one transport: its requests
 * sent by @actions/http-client (the runner's proxy settings, a time limit on
 * each request) under the one retry policy, each asking for the API version
 * the client is written for, a redirect refused rather than followed, and
 * every answer read back as the client's own types.
 */







/** Attempts per request; the longest a request may take, and the longest a call may take with its retries. */
const ATTEMPTS = 3;
const REQUEST_MS = 10_000;
const CALL_MS = 30_000;
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;
const TIMEOUTS = { connectMs: REQUEST_MS, idleMs: REQUEST_MS, requestMs: REQUEST_MS };
/**
 * Octokit's fetch, as our transport: @actions/http-client honours the
 * runner's proxy settings without the second HTTP stack (undici) that
 * @actions/github would bring, and each request is cut at its time limit.
 */
function transportFetch(limits, baseUrl) {
    return async (url, init = {}) => {
        const target = String(url);
        // Octokit follows a page's `Link: rel="next"` as GitHub gives it: the token goes only where GitHub's API is.
        if (!(0,url_parts/* withinApi */.ky)(target, baseUrl))
            throw new errors/* GitHubError */.y_(`GitHub's API named ${(0,send/* labelOf */.Wy)('GET', target).slice(4)} as a next page, outside ${baseUrl}: it is not asked, and the token is not sent there`, 0);
        const method = (init.method ?? 'GET').toUpperCase();
        const headers = Object.fromEntries(new Headers(init.headers).entries());
        const own = init.signal ? AbortSignal.any([limits.signal, init.signal]) : limits.signal;
        const answer = await (0,send/* send */.tN)({
            method,
            url: target,
            headers,
            ...(typeof init.body === 'string' ? { body: init.body } : {}),
            label: (0,send/* labelOf */.Wy)(method, target)
        }, { timeouts: TIMEOUTS, userAgent: (0,version/* userAgent */.N1)('action') }, {
            signal: own,
            deadline: Math.min(clock/* clock */.pm.now() + REQUEST_MS, limits.deadline() ?? Infinity),
            maxBytes: MAX_ANSWER_BYTES
        });
        const empty = answer.status === 204 || answer.status === 304;
        // GitHub's API answers JSON, its errors too: anything else is someone else's page.
        const contentType = String(answer.headers['content-type'] ?? '');
        if (!empty && answer.body.length > 0 && !(0,url_parts/* isJsonType */.vs)(contentType))
            throw (0,answers/* foreignAnswer */.XL)(answer.status, (0,send/* labelOf */.Wy)(method, target), contentType, answer.body, baseUrl);
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(answer.headers))
            if (value !== undefined)
                responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
        const response = new Response(empty ? null : answer.body, {
            status: answer.status,
            headers: responseHeaders
        });
        // Octokit's pagination reads the page's own address from the response, as fetch gives it.
        Object.defineProperty(response, 'url', { value: target });
        return response;
    };
}
/**
 * Octokit over our transport: every request names the API version, is
 * retried by the one retry rule within its own time limit and the step's,
 * and a redirect is refused rather than followed.
 */
function connect(token, baseUrl, limits, seen) {
    const octokit = (0,github/* getOctokit */.Q)(token, {
        baseUrl,
        userAgent: (0,version/* userAgent */.N1)('action'),
        request: { fetch: transportFetch(limits, baseUrl) }
    });
    octokit.hook.before('request', options => {
        options.headers['x-github-api-version'] = answers/* API_VERSION */.mG;
    });
    octokit.hook.wrap('request', (request, options) => {
        const own = options.request?.signal;
        return (0,retry/* withRetry */.bD)({
            maxAttempts: ATTEMPTS,
            baseDelayMs: 1000,
            maxDelayMs: answers/* MAX_RATE_LIMIT_WAIT_MS */.r1,
            deadline: Math.min(clock/* clock */.pm.now() + CALL_MS, limits.deadline() ?? Infinity),
            signal: own ? AbortSignal.any([limits.signal, own]) : limits.signal
        }, async () => {
            let response;
            limits.beforeRequest?.();
            seen.requests++;
            try {
                response = await request(options);
            }
            catch (error) {
                const headers = error.response
                    ?.headers;
                if (headers)
                    noteRateLimit(seen, headers);
                throw (0,answers/* classify */.L8)(error);
            }
            noteRateLimit(seen, response.headers);
            if (response.status >= 300 && response.status < 400)
                throw (0,answers/* redirected */.cP)(response.status, response.headers.location, baseUrl);
            return response;
        }, () => undefined);
    });
    return octokit;
}
/** The primary rate limit from an answer's `x-ratelimit-limit` and `x-ratelimit-remaining`. */
function noteRateLimit(seen, headers) {
    const limit = Number(headers['x-ratelimit-limit']);
    const remaining = Number(headers['x-ratelimit-remaining']);
    if (headers['x-ratelimit-remaining'] !== undefined && Number.isFinite(remaining))
        seen.rateLimit = { limit: Number.isFinite(limit) ? limit : remaining, remaining };
}
function checkRunOf(raw) {
    const check = object(raw, 'check run');
    const text = (value) => typeof value === 'string' ? value : undefined;
    const app = check.app && typeof check.app === 'object' ? object(check.app, 'app') : {};
    return {
        id: Number(check.id),
        name: text(check.name),
        status: text(check.status),
        conclusion: text(check.conclusion),
        externalId: text(check.external_id),
        app: text(app.slug),
        startedAt: text(check.started_at),
        headSha: text(check.head_sha),
        summary: check.output && typeof check.output === 'object'
            ? text(check.output.summary)
            : undefined
    };
}
function commentOf(raw) {
    const comment = object(raw, 'comment');
    const user = comment.user && typeof comment.user === 'object' ? object(comment.user, 'user') : {};
    return {
        id: Number(comment.id),
        body: typeof comment.body === 'string' ? comment.body : '',
        author: typeof user.login === 'string' ? user.login : undefined
    };
}
/** An answer that should be a JSON object; a proxy's page or an empty body is told as such, not as a type error. */
function object(value, what) {
    if (value && typeof value === 'object' && !Array.isArray(value))
        return value;
    throw new errors/* GitHubError */.y_(`GitHub's API answered without the ${what} it should name`, 0);
}
function list(value, what) {
    if (Array.isArray(value))
        return value.map(item => object(item, what));
    throw new errors/* GitHubError */.y_(`GitHub's API answered without the list of ${what} it should give`, 0);
}

;// CONCATENATED MODULE: ./src/core/github/client.ts
/**
 * The GitHub REST client of the check runs, the comment and the collect:
 * what they need of GitHub, and nothing else, over Octokit (octokit.ts).
 * Loaded only when reporting is on: a step that reports nothing to GitHub
 * never loads it.
 */


/** The client, its calls made of Octokit's by concern. */
function createClient(token, baseUrl, limits) {
    const seen = { requests: 0 };
    const octokit = connect(token, baseUrl, limits, seen);
    return {
        requestCount: () => seen.requests,
        rateLimit: () => seen.rateLimit,
        ...checkCalls(octokit),
        ...commentCalls(octokit),
        ...repositoryCalls(octokit)
    };
}
/** A commit's check runs: created, read, listed, updated. */
function checkCalls(octokit) {
    return {
        async createCheck(repo, fields, call = {}) {
            const { data } = await octokit.rest.checks.create({
                ...repo,
                ...fields,
                request: { signal: call.signal }
            });
            return checkRunOf(data);
        },
        async getCheck(repo, id) {
            const { data } = await octokit.rest.checks.get({ ...repo, check_run_id: id });
            return checkRunOf(data);
        },
        async listCheckRuns(repo, ref, filter = {}) {
            const found = [];
            for await (const page of octokit.paginate.iterator(octokit.rest.checks.listForRef, {
                ...repo,
                ref,
                filter: filter.latest ? 'latest' : 'all',
                per_page: 100,
                ...(filter.name ? { check_name: filter.name } : {}),
                ...(filter.status ? { status: filter.status } : {})
            }))
                found.push(...list(page.data, 'check runs').map(checkRunOf));
            return found;
        },
        async updateCheck(repo, id, fields, call = {}) {
            await octokit.rest.checks.update({
                ...repo,
                check_run_id: id,
                ...fields,
                request: { signal: call.signal }
            });
        }
    };
}
/** A pull request's comments, and whose the token's writes are. */
function commentCalls(octokit) {
    return {
        async findComments(repo, issue, wanted) {
            const found = [];
            for await (const page of octokit.paginate.iterator(octokit.rest.issues.listComments, {
                ...repo,
                issue_number: issue,
                per_page: 100
            })) {
                for (const comment of list(page.data, 'comments').map(commentOf))
                    if (wanted(comment))
                        found.push(comment);
            }
            return found;
        },
        async createComment(repo, issue, body) {
            const { data } = await octokit.rest.issues.createComment({
                ...repo,
                issue_number: issue,
                body
            });
            return commentOf(data);
        },
        async updateComment(repo, id, body, call = {}) {
            await octokit.rest.issues.updateComment({
                ...repo,
                comment_id: id,
                body,
                request: { signal: call.signal }
            });
        },
        async ownLogin() {
            try {
                const { data } = await octokit.rest.users.getAuthenticated();
                const login = object(data, 'user').login;
                return typeof login === 'string' ? login : undefined;
            }
            catch (error) {
                // GitHub refuses `GET /user` to an installation token: "Resource not accessible by integration".
                if (error instanceof errors/* GitHubError */.y_ && error.status === 403)
                    return undefined;
                throw error;
            }
        }
    };
}
/** Where a collect looks: the open pull requests, the default branch's newest commits. */
function repositoryCalls(octokit) {
    const defaultBranch = async (repo) => {
        const { data } = await octokit.rest.repos.get({ ...repo });
        const branch = object(data, 'repository').default_branch;
        if (typeof branch !== 'string')
            throw new errors/* GitHubError */.y_(`GitHub's API named no default branch of ${repo.owner}/${repo.repo}`, 0);
        return branch;
    };
    return {
        defaultBranch,
        async openPulls(repo, max) {
            const found = [];
            for await (const page of octokit.paginate.iterator(octokit.rest.pulls.list, {
                ...repo,
                state: 'open',
                sort: 'updated',
                direction: 'desc',
                per_page: Math.min(100, max)
            })) {
                for (const pull of list(page.data, 'pull requests')) {
                    const head = pull.head && typeof pull.head === 'object' ? object(pull.head, 'head') : {};
                    if (typeof pull.number === 'number' && typeof head.sha === 'string')
                        found.push({ number: pull.number, headSha: head.sha });
                }
                if (found.length >= max)
                    break;
            }
            return found.slice(0, max);
        },
        async defaultBranchCommits(repo, count) {
            const branch = await defaultBranch(repo);
            const commits = await octokit.rest.repos.listCommits({
                ...repo,
                sha: branch,
                per_page: count
            });
            return list(commits.data, 'commits')
                .map(commit => commit.sha)
                .filter((sha) => typeof sha === 'string');
        }
    };
}


/***/ })

};
