/**
 * Imported first by the bundle's entry, before the step's code loads: a step
 * given a build boots the reader's worker while the rest of the bundle
 * loads and the inputs are read (core/warm.ts).
 */
import { warmReader } from '../core/warm.js'

if (process.env.INPUT_FILE?.trim()) warmReader()
