/** The verdict's path at the service: the client asks it, and the wait names it in its messages. */
export const GREENLIGHT_PATH = '/api/v0/ci-greenlight'
