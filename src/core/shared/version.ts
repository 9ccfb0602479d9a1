/** The product's name and version; every request names them, and the front end, in its User-Agent. Kept equal to package.json by a test. */
export const PRODUCT_NAME = 'mobile-build-deploy'
export const PRODUCT_VERSION = '1.2.0'

/** The three ways the product ships. */
export type FrontEnd = 'action' | 'cli' | 'library'

/** The User-Agent of one front end: `mobile-build-deploy/1.2.0 (action)`. */
export function userAgent(frontEnd: FrontEnd): string {
  return `${PRODUCT_NAME}/${PRODUCT_VERSION} (${frontEnd})`
}
