/** What GitLab's configuration is made of, as the helpers read it: mappings of values. */

export type Mapping = Record<string, unknown>

export const isMapping = (value: unknown): value is Mapping =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

// ---------------------------------------------------------------------------------------------
// GitLab's CI schema
