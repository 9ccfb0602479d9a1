/**
 * The one shape both of Android's compiled manifests read into: the binary
 * XML of an APK (axml.ts) and the protocol-buffer XML of an App Bundle
 * (proto-xml.ts). What the manifest says is then read once (android.ts).
 */

/** A compiled attribute value, as far as a manifest needs to tell them apart. */
export type XmlValue =
  | { kind: 'string'; value: string }
  | { kind: 'integer'; value: number }
  | { kind: 'boolean'; value: boolean }
  /** A resource reference (`@0x7f0e0012`): the value lives in the resource table. */
  | { kind: 'reference'; id: number }
  /** Any other typed value (a dimension, a colour, a float), with its `Res_value` type and data. */
  | { kind: 'other'; type: number; data: number }

export interface XmlAttribute {
  /** The namespace URI, empty for none. */
  namespace: string
  name: string
  /** The attribute's resource id (`0x0101021b` for android:versionCode), 0 when it has none. */
  resourceId: number
  value: XmlValue
}

export interface XmlElement {
  namespace: string
  name: string
  attributes: XmlAttribute[]
  children: XmlElement[]
}

/** The Android namespace of every platform attribute. */
export const ANDROID_NAMESPACE = 'http://schemas.android.com/apk/res/android'

/** A compiled XML document that cannot be read; the message says where and why. */
export class XmlFormatError extends Error {
  override name = 'XmlFormatError'
}
