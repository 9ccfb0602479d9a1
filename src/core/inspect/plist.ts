/**
 * Apple's property lists, in both the forms an app bundle carries: XML
 * (plist-xml.ts) and binary `bplist00` (plist-binary.ts), each read by a
 * reader of our own that spends from the build's one budget. And the plist
 * inside a provisioning profile's CMS envelope.
 */
import { ReadBudget } from './budget.js'
import { readBinaryPlist } from './plist-binary.js'
import { readXmlPlist } from './plist-xml.js'

export type PlistDictionary = { [key: string]: unknown }

/** A plist whose root is a dictionary; anything else is an `Error` saying what was found. */
export function parsePlistDictionary(
  data: Buffer,
  budget: ReadBudget = new ReadBudget()
): PlistDictionary {
  const root =
    data.subarray(0, 8).toString('latin1') === 'bplist00'
      ? readBinaryPlist(data, budget)
      : readXmlPlist(textOf(data), budget)
  if (typeof root !== 'object' || root === null || Array.isArray(root) || root instanceof Date) {
    throw new Error(
      `its root is ${Array.isArray(root) ? 'an array' : root instanceof Date ? 'a date' : root === null ? 'null' : typeof root}, not a dictionary`
    )
  }
  return root as PlistDictionary
}

/** XML plists are UTF-8 unless a byte order mark says UTF-16. */
function textOf(data: Buffer): string {
  if (data[0] === 0xff && data[1] === 0xfe) return data.toString('utf16le', 2)
  if (data[0] === 0xfe && data[1] === 0xff)
    return Buffer.from(data.subarray(2, data.length - (data.length % 2)))
      .swap16()
      .toString('utf16le')
  const start = data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf ? 3 : 0
  return data.toString('utf8', start)
}

/**
 * The XML plist a provisioning profile (`embedded.mobileprovision`) carries.
 * The profile is a CMS SignedData envelope (DER) whose content is the plist
 * itself, stored whole: the text from `<?xml` to the last `</plist>` is that
 * content, the usual way tools read a profile without verifying Apple's
 * signature (nothing here trusts the profile; it only reports what it says).
 */
export function profilePlist(envelope: Buffer): Buffer | undefined {
  const start = envelope.indexOf('<?xml')
  if (start < 0) return undefined
  const endTag = '</plist>'
  const end = envelope.lastIndexOf(endTag)
  if (end < start) return undefined
  return envelope.subarray(start, end + endTag.length)
}
