export const id = 293;
export const ids = [293];
export const modules = {

/***/ 293:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  createGitLabClient: () => (/* binding */ createGitLabClient)
});

// EXTERNAL MODULE: ./src/core/transport/foreign.ts
var foreign = __webpack_require__(653);
// EXTERNAL MODULE: ./src/core/shared/errors.ts + 1 modules
var errors = __webpack_require__(287);
// EXTERNAL MODULE: ./src/core/shared/format.ts
var format = __webpack_require__(846);
// EXTERNAL MODULE: ./src/core/shared/text.ts
var shared_text = __webpack_require__(986);
// EXTERNAL MODULE: ./src/core/transport/retry.ts
var retry = __webpack_require__(927);
;// CONCATENATED MODULE: ./src/core/gitlab/errors.ts
/**
 * What GitLab's answers mean to the client, in the one retry rule's terms:
 * a refusal of the token (told with the token to make), a rate limit worth
 * waiting for, a status being updated at that moment (409, worth another
 * attempt), a redirect never followed, and an answer that is not GitLab's.
 */






/** A GitLab answer the client cannot use: its status and GitLab's words. */
class GitLabError extends errors/* DeployError */.sH {
    status;
    name = 'GitLabError';
    constructor(message, status) {
        super(message);
        this.status = status;
    }
}
/** Which token a GitLab step needs, and where it is kept: said wherever GitLab refuses one. */
const TOKEN_WORDS = 'The step needs a project (or group) access token with the api scope, kept in a masked, protected CI/CD variable GITLAB_TOKEN; CI_JOB_TOKEN cannot write commit statuses or merge-request notes';
/** GitLab's words for a status that another request is updating right now: it is free again in a moment. */
const STATUS_BUSY = /another update to this commit status is in progress/i;
/** The longest Retry-After a call waits for; a longer one is told, not waited for. */
const MAX_RATE_LIMIT_WAIT_MS = retry/* MAX_RETRY_DELAY_MS */.pQ;
/** Pure: GitLab's own words in an error answer (`message`, `error`, `error_description`), cut to what a report shows. */
function gitlabWords(json) {
    if (!json || typeof json !== 'object')
        return undefined;
    const { message, error, error_description } = json;
    const said = message ?? error_description ?? error;
    if (said === undefined || said === null)
        return undefined;
    // A validation refusal names its fields: {"message": {"name": ["is too long"]}}.
    return (0,shared_text/* bounded */.Mm)(typeof said === 'string' ? said : JSON.stringify(said));
}
/**
 * Pure: an answer that is no success, as the retry rule takes it: a rate
 * limit (429, Retry-After honoured when a call may wait that long) and a 5xx
 * are transient; a 409 for a status being updated is a {@link StatusBusyError};
 * 401 and 403 say which token to make; anything else is GitLab's refusal.
 */
function refusal(status, label, json, retryAfter) {
    const words = gitlabWords(json) ?? `answered ${status}`;
    if (status === 429) {
        const waitMs = (0,retry/* parseRetryAfter */.mu)(retryAfter) ?? 1000;
        if (waitMs <= MAX_RATE_LIMIT_WAIT_MS)
            return new errors/* HttpStatusError */.F9(`GitLab's rate limit: ${label} answered 429`, 429, waitMs);
        return new GitLabError(`GitLab's rate limit asks to wait ${(0,format/* formatMinutes */.dp)(waitMs / 60_000)}, longer than a call waits (${(0,format/* formatMinutes */.dp)(MAX_RATE_LIMIT_WAIT_MS / 60_000)}). Nothing is wrong with the token; fewer jobs writing at once, or a later run, gets through`, 429);
    }
    if (status >= 500)
        return new errors/* HttpStatusError */.F9(`GitLab answered ${status}: ${words}`, status);
    if (status === 409 && STATUS_BUSY.test(words))
        return new StatusBusyError(`GitLab answered 409: ${words}`, status);
    if (status === 401 || status === 403)
        return new GitLabError(`GitLab refused the token (${status}: ${words.replace(/\.$/, '')}). ${TOKEN_WORDS}`, status);
    return new GitLabError(`GitLab answered ${label} ${status}: ${words}`, status);
}
/** GitLab's 409 for a status another request is updating: another attempt after a short backoff goes through. */
class StatusBusyError extends GitLabError {
    name = 'StatusBusyError';
}
/** A redirect is never followed with the token: it is told, with where it leads. */
function redirected(status, location, apiUrl) {
    const to = typeof location === 'string' && location ? ` to ${(0,shared_text/* bounded */.Mm)(location)}` : '';
    return new GitLabError(`GitLab's API at ${apiUrl} answered ${status}, a redirect${to}, which is not followed with the token. CI_API_V4_URL must be the API's own address (https://HOST/api/v4)`, status);
}
/**
 * An answer that is not JSON where GitLab's API answers JSON (its rate
 * limiter's plain-text 429 aside, read before this): someone else's page,
 * told as what it is. A 5xx is transient, as any.
 */
function foreignAnswer(status, label, body, apiUrl) {
    const what = (0,foreign/* foreignWhat */.n)(body);
    const text = `GitLab's API at ${apiUrl} answered ${label} (${status}) with ${what}, where JSON was expected. CI_API_V4_URL must be GitLab's API (https://HOST/api/v4), and a proxy between the runner and GitLab must pass its answers through (https_proxy, no_proxy)`;
    return status >= 500 ? new errors/* HttpStatusError */.F9(text, status) : new GitLabError(text, status);
}

;// CONCATENATED MODULE: ./src/core/gitlab/answers.ts

/** An answer that should be a JSON object. */
function object(value, what) {
    if (value && typeof value === 'object' && !Array.isArray(value))
        return value;
    throw new GitLabError(`GitLab's API answered without the ${what} it should name`, 0);
}
function answers_text(value) {
    return typeof value === 'string' ? value : undefined;
}
function usernameOf(value) {
    return value && typeof value === 'object'
        ? answers_text(value.username)
        : undefined;
}
/** A commit status; GitLab calls its state `status`. */
function statusOf(raw) {
    const status = object(raw, 'commit status');
    return {
        id: Number(status.id),
        name: answers_text(status.name) ?? '',
        status: answers_text(status.status) ?? '',
        sha: answers_text(status.sha) ?? '',
        description: answers_text(status.description),
        targetUrl: answers_text(status.target_url),
        ref: answers_text(status.ref),
        author: usernameOf(status.author)
    };
}
/** A merge-request note as a comment of the host's; its author by username. */
function noteOf(raw) {
    const note = object(raw, 'note');
    return {
        id: Number(note.id),
        body: answers_text(note.body) ?? '',
        author: usernameOf(note.author),
        system: note.system === true
    };
}
/** The iid of a merge request if it is open (`opened`), else undefined. */
function openIidOf(raw) {
    const merge = object(raw, 'merge request');
    return merge.state === 'opened' && Number.isSafeInteger(merge.iid) ? Number(merge.iid) : undefined;
}
/** The username of `GET /user`. */
function usernameOfUser(raw) {
    const username = answers_text(object(raw, 'user').username);
    if (!username)
        throw new GitLabError(`GitLab's API answered without the token's username`, 0);
    return username;
}

// EXTERNAL MODULE: ./src/core/github/answers.ts
var answers = __webpack_require__(368);
// EXTERNAL MODULE: ./src/core/shared/clock.ts
var clock = __webpack_require__(763);
// EXTERNAL MODULE: ./src/core/shared/name-rules.ts
var name_rules = __webpack_require__(360);
// EXTERNAL MODULE: ./src/core/shared/version.ts
var version = __webpack_require__(113);
// EXTERNAL MODULE: ./src/core/transport/send.ts
var send = __webpack_require__(163);
;// CONCATENATED MODULE: ./src/core/gitlab/requests.ts








/** Attempts per request; the longest a request may take, and a call with its retries. */
const ATTEMPTS = 3;
const REQUEST_MS = 10_000;
const CALL_MS = 30_000;
/** A page of 100 statuses or notes is far below this; a larger answer is no API's. */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;
const TIMEOUTS = { connectMs: REQUEST_MS, idleMs: REQUEST_MS, requestMs: REQUEST_MS };
/** The most pages a list reads: 2,000 statuses or notes of one commit or merge request. */
const MAX_PAGES = 20;
/**
 * Pure: CI_API_V4_URL as the client uses it, or a clear error before any
 * request: https, or http only to this machine (a stand-in), as the token
 * must never cross a network in the clear.
 */
function apiAddress(apiUrl) {
    let url;
    try {
        url = new URL(apiUrl);
    }
    catch {
        throw new Error(`GitLab's API address (CI_API_V4_URL) is not a URL: give the API's own address, https://HOST/api/v4`);
    }
    const local = url.protocol === 'http:' && (0,name_rules/* isLoopback */.U9)(url.hostname);
    if (url.protocol !== 'https:' && !local)
        throw new Error(`GitLab's API address (CI_API_V4_URL) must be https:// (http:// only to this machine): ${url.protocol}//${url.host} would carry the token in the clear. Give https://HOST/api/v4`);
    if (url.username || url.password || url.search || url.hash)
        throw new Error(`GitLab's API address (CI_API_V4_URL) must be a plain address, with no credentials, query or fragment: https://HOST/api/v4`);
    return (0,shared_text/* withoutTrailingSlashes */.A$)(`${url.origin}${url.pathname}`);
}
/** One call (a request and its retries) to `url` under the API: its answer, a success; anything else thrown. */
function request(api, method, url, body, call) {
    const { limits } = api;
    const signal = call?.signal ? AbortSignal.any([limits.signal, call.signal]) : limits.signal;
    return (0,retry/* withRetry */.bD)({
        maxAttempts: ATTEMPTS,
        baseDelayMs: 1000,
        maxDelayMs: MAX_RATE_LIMIT_WAIT_MS,
        deadline: Math.min(clock/* clock */.pm.now() + CALL_MS, limits.deadline() ?? Infinity),
        signal,
        alsoTransient: error => error instanceof StatusBusyError
    }, () => attempt(api, method, url, body, signal), () => undefined);
}
/** One attempt: asked of the budget, counted, sent, and its answer read. */
async function attempt(api, method, url, body, signal) {
    const label = (0,send/* labelOf */.Wy)(method, url);
    // The token goes only where GitLab's API is: a next page named elsewhere is not asked.
    if (!(0,answers/* withinApi */.ky)(url, api.url))
        throw new GitLabError(`GitLab's API named ${label.slice(method.length + 1)} as a next page, outside ${api.url}: it is not asked, and the token is not sent there`, 0);
    api.limits.beforeRequest?.();
    api.requests++;
    const answer = await (0,send/* send */.tN)({
        method,
        url,
        headers: {
            'private-token': api.token,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' })
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        label
    }, { timeouts: TIMEOUTS, userAgent: (0,version/* userAgent */.N1)('action') }, {
        signal,
        deadline: Math.min(clock/* clock */.pm.now() + REQUEST_MS, api.limits.deadline() ?? Infinity),
        maxBytes: MAX_ANSWER_BYTES
    });
    return readAnswer(api, label, answer);
}
/** An answer as JSON when it is a success; every other answer thrown in the retry rule's terms. */
function readAnswer(api, label, answer) {
    const { status, headers, body } = answer;
    if (status >= 300 && status < 400)
        throw redirected(status, headers.location, api.url);
    // GitLab's rate limiter answers in plain text: its Retry-After is what matters.
    if (status === 429)
        throw refusal(status, label, undefined, headers['retry-after']);
    const contentType = String(headers['content-type'] ?? '');
    let json;
    if (body.length > 0) {
        if (!(0,answers/* isJsonType */.vs)(contentType))
            throw foreignAnswer(status, label, body, api.url);
        try {
            json = JSON.parse(body);
        }
        catch {
            throw foreignAnswer(status, label, body, api.url);
        }
    }
    if (status < 200 || status >= 300)
        throw refusal(status, label, json, headers['retry-after']);
    return { status, headers, json };
}
/**
 * Every page of a list, `first` being the first page's address: the next
 * one while GitLab's `X-Next-Page` names one (empty on the last), at the
 * address its `Link: rel="next"` gives (checked to be within the API) or
 * else this one with `page` moved on; never more than {@link MAX_PAGES}.
 */
async function pages(api, first) {
    const items = [];
    let url = first;
    for (let read = 0; url !== undefined && read < MAX_PAGES; read++) {
        const answer = await request(api, 'GET', url);
        if (!Array.isArray(answer.json))
            throw new GitLabError(`GitLab's API answered ${(0,send/* labelOf */.Wy)('GET', url)} without a list`, 0);
        items.push(...answer.json);
        url = nextPage(url, answer.headers);
    }
    return items;
}
/** Pure: the address of the page after `url`, or undefined on the last. */
function nextPage(url, headers) {
    const next = String(headers['x-next-page'] ?? '').trim();
    if (!next)
        return undefined;
    const linked = /<([^>]+)>\s*;\s*rel="next"/.exec(String(headers.link ?? ''))?.[1];
    if (linked)
        return linked;
    if (!/^\d{1,6}$/.test(next))
        throw new GitLabError(`GitLab's API named ${JSON.stringify(next.slice(0, 40))} as the next page`, 0);
    const page = new URL(url);
    page.searchParams.set('page', next);
    return page.toString();
}

;// CONCATENATED MODULE: ./src/core/gitlab/client.ts


/**
 * The client of one project: every request to `connection.apiUrl` (checked
 * here, before any request: https, or http to this machine only), the
 * project by its id or its path (URL-encoded: `group%2Fproject`).
 */
function createGitLabClient(connection) {
    const api = {
        url: apiAddress(connection.apiUrl),
        token: connection.token,
        limits: connection.limits,
        requests: 0
    };
    if (!connection.project.trim())
        throw new Error(`GitLab's project (CI_PROJECT_ID) is empty: give its id or its path (group/project)`);
    const project = `${api.url}/projects/${encodeURIComponent(connection.project)}`;
    const commit = (sha) => `${project}/repository/commits/${encodeURIComponent(sha)}`;
    return {
        async postStatus(sha, status, call) {
            const answer = await request(api, 'POST', `${project}/statuses/${encodeURIComponent(sha)}`, statusBody(status), call);
            return statusOf(answer.json);
        },
        async listStatuses(sha, filter = {}) {
            const query = new URLSearchParams({
                ...(filter.name !== undefined ? { name: filter.name } : {}),
                ...(filter.all ? { all: 'true' } : {}),
                per_page: '100'
            });
            const found = (await pages(api, `${commit(sha)}/statuses?${query}`)).map(statusOf);
            return found.sort((a, b) => b.id - a.id);
        },
        async openMergeRequestsOf(sha) {
            const found = await pages(api, `${commit(sha)}/merge_requests?state=opened&per_page=100`);
            return found.map(openIidOf).filter((iid) => iid !== undefined);
        },
        ...noteCalls(api, project),
        requestCount: () => api.requests
    };
}
/** The notes of a merge request and the token's user: the client as a comment host. */
function noteCalls(api, project) {
    const notes = (change) => `${project}/merge_requests/${change}/notes`;
    let identity;
    return {
        host: 'GitLab',
        async findComments(change, wanted) {
            const found = await pages(api, `${notes(change)}?sort=asc&order_by=created_at&per_page=100`);
            // GitLab's own notes (a push, a label) are the system's, never a comment of anyone's.
            return found
                .map(noteOf)
                .filter(note => !note.system)
                .map(({ id, body, author }) => ({ id, body, author }))
                .filter(wanted);
        },
        async createComment(change, body) {
            const { id, author, body: written } = noteOf((await request(api, 'POST', notes(change), { body })).json);
            return { id, author, body: written };
        },
        async updateComment(change, id, body, call) {
            await request(api, 'PUT', `${notes(change)}/${id}`, { body }, call);
        },
        ownIdentity() {
            // Asked once; a failure is not kept, so a later call asks again.
            identity ??= request(api, 'GET', `${api.url}/user`).then(answer => usernameOfUser(answer.json));
            identity.catch(() => (identity = undefined));
            return identity;
        }
    };
}
/** Pure: a status's request body, only the fields given, in GitLab's names. */
function statusBody(status) {
    const fields = {
        state: status.state,
        name: status.name,
        target_url: status.targetUrl,
        description: status.description,
        ref: status.ref,
        pipeline_id: status.pipelineId
    };
    return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}


/***/ })

};
