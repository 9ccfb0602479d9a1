/** Jest's global tear-down of `npm run test:e2e`: removes the tarball pack-once.js made. */
export { removePacked as default } from './pack-once.js'
