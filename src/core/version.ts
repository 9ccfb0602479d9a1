/** The product's name and version; every request names them, and the front end, in its User-Agent. Kept equal to package.json by a test. */
export const PRODUCT_NAME = 'mobile-build-deploy'
export const PRODUCT_VERSION = '1.1.0'

/** The User-Agent of one front end: `mobile-build-deploy/1.1.0 (action)`. */
export function userAgent(frontEnd: 'action' | 'cli' | 'library'): string {
  return `${PRODUCT_NAME}/${PRODUCT_VERSION} (${frontEnd})`
}
