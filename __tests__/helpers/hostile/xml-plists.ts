/**
 * XML property lists for the hostile builds: an Info.plist and a
 * provisioning profile with a workflow-command payload where a parser would
 * print its problem.
 */
import { HOSTILE_APP_ID } from './app.js'

/**
 * An Info.plist for HOSTILE_APP_ID; `afterDict`, when given, goes right after
 * `</dict` (whose `>` it replaces); `extra` entries (key, raw XML value) go
 * inside the dictionary, last.
 */
export function xmlInfoPlist(afterDict?: string, extra: [key: string, xml: string][] = []): Buffer {
  return xmlPlist(
    [
      ['CFBundleIdentifier', HOSTILE_APP_ID],
      ['CFBundleShortVersionString', '6.6.6'],
      ['CFBundleVersion', '666'],
      ['MinimumOSVersion', '15.0'],
      ['DTPlatformName', 'iphoneos'],
      ...extra
    ],
    afterDict
  )
}

function xmlPlist(entries: [key: string, xml: string][], afterDict?: string): Buffer {
  const body = entries
    .map(
      ([key, value]) =>
        `  <key>${key}</key>${value.startsWith('<') ? value : `<string>${value}</string>`}`
    )
    .join('\n')
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
${body}
</dict${afterDict ?? '>\n'}</plist>
`,
    'utf8'
  )
}

/**
 * A provisioning profile as a reader that does not verify it sees one: the
 * XML plist inside a CMS SignedData envelope, stored whole. The envelope is
 * shaped like the real one (BER with indefinite lengths, as `openssl cms`
 * writes it: ContentInfo, SignedData, the encapsulated data as an OCTET
 * STRING), but holds a stand-in for the certificates and signs nothing; the
 * reader takes the text from `<?xml` to the last `</plist>` in any case.
 */
export function fakeProfile(afterDict?: string, extra: [key: string, xml: string][] = []): Buffer {
  const plist = xmlPlist(
    [
      ['AppIDName', 'Hostile'],
      ['ExpirationDate', '<date>2099-01-01T00:00:00Z</date>'],
      ['Name', 'Hostile Development'],
      ['TeamIdentifier', '<array><string>ABCDE12345</string></array>'],
      ['TeamName', 'Hostile'],
      ['UUID', '00000000-0000-4000-8000-000000000000'],
      [
        'Entitlements',
        `<dict><key>application-identifier</key><string>ABCDE12345.${HOSTILE_APP_ID}</string><key>get-task-allow</key><true/></dict>`
      ],
      ...extra
    ],
    afterDict
  )
  const ber = (hex: string): Buffer => Buffer.from(hex.replace(/ /g, ''), 'hex')
  // The OCTET STRING's length in BER's long form: 0x80 + the count of length bytes, then the length.
  const length = Buffer.from(plist.length.toString(16).padStart(8, '0'), 'hex').subarray(
    plist.length > 0xffffff ? 0 : plist.length > 0xffff ? 1 : 2
  )
  const octetString = Buffer.concat([Buffer.from([0x04, 0x80 + length.length]), length])
  const certificates = Buffer.from('stand-in for the certificates', 'latin1')
  const endOfContents = (count: number): Buffer => Buffer.alloc(2 * count)
  return Buffer.concat([
    ber('30 80'), // ContentInfo: a SEQUENCE of indefinite length
    ber('06 09 2a 86 48 86 f7 0d 01 07 02'), // contentType: signedData (1.2.840.113549.1.7.2)
    ber('a0 80 30 80 02 01 01'), // [0] content: SignedData, version 1
    ber('31 00'), // digestAlgorithms: none
    ber('30 80 06 09 2a 86 48 86 f7 0d 01 07 01'), // encapContentInfo: data (1.2.840.113549.1.7.1)
    ber('a0 80 24 80'), // [0] eContent: a constructed OCTET STRING…
    octetString, // …of one OCTET STRING: the plist
    plist,
    endOfContents(3), // the OCTET STRING, [0] eContent, encapContentInfo
    Buffer.from([0xa0, certificates.length + 2, 0x04, certificates.length]), // [0] certificates: filler
    certificates,
    endOfContents(3) // SignedData, [0] content, ContentInfo
  ])
}

// ---------------------------------------------------------------------------
