/** The action's name and version, sent as the User-Agent of every request; kept equal to package.json by a test. */
export const ACTION_NAME = 'mobile-build-deploy-action'
export const ACTION_VERSION = '1.0.0'
export const USER_AGENT = `${ACTION_NAME}/${ACTION_VERSION}`
