/**
 * Imported first by the bundle's entry, before the step's code loads: a step
 * given a build boots the reader's worker while the rest of the bundle
 * loads and the inputs are read (core/inspect/read.ts).
 */
// eslint-disable-next-line no-restricted-imports -- the reader boots before the rest of the core loads, which its entry would load first
import { warmReader } from '../core/inspect/read.js'

if (process.env.INPUT_FILE?.trim()) warmReader()
