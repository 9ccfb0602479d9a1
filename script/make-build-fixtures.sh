#!/usr/bin/env bash
# Makes the real builds under __tests__/fixtures/builds/ with the platforms' own tools, as Debian
# packages them: aapt2 compiles and links the manifests (binary XML for an APK, protocol buffers for
# an App Bundle's base module), apksigner and jarsigner sign them with a throwaway key, plistutil
# writes binary Info.plists and openssl wraps each provisioning profile in a CMS envelope the way
# Apple's are wrapped. What each tool reads back (aapt2 dump, apksigner verify) is kept beside the
# build: the tests hold the reader to the platform's own reading.
#
# The fixtures are committed, so the tests need none of these tools. Run again only to change them:
#   apt-get install -y aapt apksigner zipalign android-framework-res libplist-utils openssl zip \
#     openjdk-17-jre-headless dpkg
#   bash script/make-build-fixtures.sh
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT="$ROOT/__tests__/fixtures/builds"
FRAMEWORK=/usr/share/android-framework-res/framework-res.apk

for tool in aapt2 apksigner zipalign plistutil openssl keytool jarsigner zip dpkg-deb; do
  command -v "$tool" >/dev/null || {
    echo "make-build-fixtures: $tool is missing (see the apt-get line at the top of this script)" >&2
    exit 1
  }
done
[ -f "$FRAMEWORK" ] || {
  echo "make-build-fixtures: $FRAMEWORK is missing (apt-get install android-framework-res)" >&2
  exit 1
}

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$OUT/android" "$OUT/axml" "$OUT/ios" "$OUT/other"

# ---------------------------------------------------------------- Android
# One throwaway key for every signed build; it lives only as long as this script.
STOREPASS=throwaway-only
keytool -genkeypair -keystore "$WORK/key.p12" -storetype PKCS12 -storepass "$STOREPASS" \
  -alias fixture -keyalg RSA -keysize 2048 -validity 36500 -dname "CN=Throwaway fixture key" >/dev/null 2>&1

# The manifest says only what aapt2's flags do not inject; each build's facts are the flags below.
cat >"$WORK/AndroidManifest.xml" <<'EOF'
<?xml version="1.0" encoding="utf-8"?>
<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.inspect">
    <application android:label="Inspect" android:hasCode="false" />
</manifest>
EOF
# A compiled XML resource: aapt2 writes these with a UTF-8 string pool (the manifest's is UTF-16).
mkdir -p "$WORK/res/xml"
cat >"$WORK/res/xml/sample.xml" <<'EOF'
<?xml version="1.0" encoding="utf-8"?>
<sample xmlns:android="http://schemas.android.com/apk/res/android"
    greeting="Grüße ✓ 😀 — a string longer than one hundred and twenty-seven bytes, so that its UTF-8 length takes two bytes in the pool"
    android:enabled="false" android:maxLines="7" android:minHeight="12dp" android:label="@android:string/ok">
    <item name="first" />
    <item name="second">text</item>
</sample>
EOF
aapt2 compile -o "$WORK/res.zip" --dir "$WORK/res"

# link NAME [aapt2 link flags...]: the manifest linked into an unsigned, aligned APK at $WORK/NAME.apk.
link() {
  local name=$1
  shift
  aapt2 link -o "$WORK/$name.linked.apk" --manifest "$WORK/AndroidManifest.xml" -I "$FRAMEWORK" "$@"
}
# with_libs NAME ABI...: one small shared object per ABI, as the Android Gradle plugin lays them out.
with_libs() {
  local name=$1 abi
  shift
  rm -rf "${WORK:?}/lib"
  for abi in "$@"; do
    mkdir -p "$WORK/lib/$abi"
    printf '\177ELF fixture library for %s\n' "$abi" >"$WORK/lib/$abi/libinspect.so"
  done
  (cd "$WORK" && zip -q -0 -X -r "$name.linked.apk" lib)
}
align() { zipalign -f -p 4 "$WORK/$1.linked.apk" "$WORK/$1.apk"; }
# sign NAME FLAGS...: apksigner with the throwaway key.
sign() {
  local name=$1
  shift
  apksigner sign --ks "$WORK/key.p12" --ks-pass "pass:$STOREPASS" --ks-key-alias fixture "$@" \
    --out "$OUT/android/$name.apk" "$WORK/$name.apk"
  rm -f "$OUT/android/$name.apk.idsig"
}
# record NAME: what the platform's own tools read from the build, for the tests to compare with.
record() {
  local apk="$OUT/android/$1.apk"
  aapt2 dump badging "$apk" >"$OUT/android/$1.badging.txt"
  aapt2 dump xmltree --file AndroidManifest.xml "$apk" >"$OUT/android/$1.xmltree.txt"
  if apksigner verify -v "$apk" >"$WORK/verify.txt" 2>&1; then :; fi
  grep -E '^(Verifies|DOES NOT VERIFY|Verified using|ERROR)' "$WORK/verify.txt" >"$OUT/android/$1.apksigner.txt" || true
}

# A release build signed with the v2 and v3 schemes only (the APK Signing Block), two ABIs.
link release-v2v3 --version-code 42 --version-name 1.4.2 --min-sdk-version 24 --target-sdk-version 29
with_libs release-v2v3 arm64-v8a x86_64
align release-v2v3
sign release-v2v3 --min-sdk-version 24 --v1-signing-enabled false --v2-signing-enabled true --v3-signing-enabled true
record release-v2v3

# A release build signed with JAR signing (v1) alone, one ABI, and a version code over 32 bits.
link release-v1 --version-code 7 --version-code-major 3 --version-name "2.0 (legacy)" \
  --min-sdk-version 16 --target-sdk-version 28
with_libs release-v1 armeabi-v7a
align release-v1
sign release-v1 --min-sdk-version 16 --v1-signing-enabled true --v2-signing-enabled false --v3-signing-enabled false
record release-v1

# A release build nobody signed: it installs nowhere.
link release-unsigned --version-code 5 --version-name 0.5.0 --min-sdk-version 21 --target-sdk-version 29
align release-unsigned
cp "$WORK/release-unsigned.apk" "$OUT/android/release-unsigned.apk"
record release-unsigned

# A debug build (android:debuggable="true"), signed with v2, no native code, the compiled XML resource.
link debug --version-code 1 --version-name 1.0-debug --min-sdk-version 26 --target-sdk-version 29 --debug-mode \
  "$WORK/res.zip"
align debug
sign debug --min-sdk-version 26 --v1-signing-enabled false --v2-signing-enabled true --v3-signing-enabled false
record debug

# An App Bundle: the base module's manifest and resources as protocol buffers (aapt2 --proto-format),
# laid out as bundletool lays them out, JAR-signed as bundles are.
aapt2 link --proto-format -o "$WORK/base.apk" --manifest "$WORK/AndroidManifest.xml" -I "$FRAMEWORK" \
  --version-code 310 --version-name 3.1.0 --min-sdk-version 23 --target-sdk-version 29
aapt2 dump badging "$WORK/base.apk" >"$OUT/android/bundle.badging.txt"
rm -rf "$WORK/bundle" && mkdir -p "$WORK/bundle/base/manifest" "$WORK/bundle/base/lib/arm64-v8a" \
  "$WORK/bundle/base/lib/armeabi-v7a"
(cd "$WORK/bundle" && unzip -q "$WORK/base.apk" && mv AndroidManifest.xml base/manifest/ && mv resources.pb base/)
printf '\177ELF fixture library\n' >"$WORK/bundle/base/lib/arm64-v8a/libinspect.so"
printf '\177ELF fixture library\n' >"$WORK/bundle/base/lib/armeabi-v7a/libinspect.so"
: >"$WORK/bundle/BundleConfig.pb"
rm -f "$OUT/android/bundle.aab"
(cd "$WORK/bundle" && zip -q -X -r "$OUT/android/bundle.aab" BundleConfig.pb base)
jarsigner -keystore "$WORK/key.p12" -storetype PKCS12 -storepass "$STOREPASS" "$OUT/android/bundle.aab" \
  fixture >/dev/null 2>&1

# The readers on their own: binary XML (UTF-16 pool: the manifest; UTF-8 pool: a compiled resource)
# and the protocol-buffer manifest, each with aapt2's own dump of it.
unzip -p "$OUT/android/debug.apk" AndroidManifest.xml >"$OUT/axml/manifest.axml"
unzip -p "$OUT/android/debug.apk" res/xml/sample.xml >"$OUT/axml/sample.axml"
aapt2 dump xmltree --file AndroidManifest.xml "$OUT/android/debug.apk" >"$OUT/axml/manifest.xmltree.txt"
aapt2 dump xmltree --file res/xml/sample.xml "$OUT/android/debug.apk" >"$OUT/axml/sample.xmltree.txt"
unzip -p "$WORK/base.apk" AndroidManifest.xml >"$OUT/axml/manifest.pb"
aapt2 dump xmltree --file AndroidManifest.xml "$WORK/base.apk" >"$OUT/axml/manifest.pb.xmltree.txt"

# ---------------------------------------------------------------- iOS
# A throwaway self-signed certificate signs the profiles: the reader takes the plist out of the
# envelope and trusts nothing in it, so who signed it does not matter here.
openssl req -x509 -newkey rsa:2048 -nodes -subj "/CN=Throwaway profile signer" -days 36500 \
  -keyout "$WORK/profile.key" -out "$WORK/profile.crt" 2>/dev/null
TEAM=A1B2C3D4E5

# info_plist FILE PLATFORM VERSION BUILD: an app's Info.plist as Xcode writes its keys.
info_plist() {
  local file=$1 platform=$2 version=$3 build=$4 supported
  case $platform in
  iphoneos) supported=iPhoneOS ;;
  iphonesimulator) supported=iPhoneSimulator ;;
  esac
  cat >"$file" <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>CFBundleDevelopmentRegion</key>
	<string>en</string>
	<key>CFBundleExecutable</key>
	<string>Inspect</string>
	<key>CFBundleIdentifier</key>
	<string>com.example.inspect</string>
	<key>CFBundleInfoDictionaryVersion</key>
	<string>6.0</string>
	<key>CFBundleName</key>
	<string>Inspect</string>
	<key>CFBundlePackageType</key>
	<string>APPL</string>
	<key>CFBundleShortVersionString</key>
	<string>$version</string>
	<key>CFBundleSupportedPlatforms</key>
	<array>
		<string>$supported</string>
	</array>
	<key>CFBundleVersion</key>
	<string>$build</string>
	<key>DTPlatformName</key>
	<string>$platform</string>
	<key>MinimumOSVersion</key>
	<string>15.0</string>
	<key>UIDeviceFamily</key>
	<array>
		<integer>1</integer>
	</array>
</dict>
</plist>
EOF
}

# profile FILE NAME EXPIRES GET_TASK_ALLOW DEVICES(yes|no|all): a provisioning profile's plist, its
# keys as Apple's portal writes them, wrapped in a signed CMS envelope (DER) as embedded.mobileprovision.
profile() {
  local file=$1 name=$2 expires=$3 task=$4 devices=$5 devices_xml=''
  case $devices in
  yes)
    devices_xml='	<key>ProvisionedDevices</key>
	<array>
		<string>00008030-001A2B3C4D5E6F70</string>
		<string>00008101-000A1B2C3D4E5F60</string>
	</array>'
    ;;
  all)
    devices_xml='	<key>ProvisionsAllDevices</key>
	<true/>'
    ;;
  esac
  cat >"$WORK/profile.plist" <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>AppIDName</key>
	<string>Inspect</string>
	<key>ApplicationIdentifierPrefix</key>
	<array>
		<string>$TEAM</string>
	</array>
	<key>CreationDate</key>
	<date>2024-01-02T03:04:05Z</date>
	<key>Platform</key>
	<array>
		<string>iOS</string>
	</array>
	<key>IsXcodeManaged</key>
	<false/>
	<key>Entitlements</key>
	<dict>
		<key>application-identifier</key>
		<string>$TEAM.com.example.inspect</string>
		<key>com.apple.developer.team-identifier</key>
		<string>$TEAM</string>
		<key>get-task-allow</key>
		<$task/>
	</dict>
	<key>ExpirationDate</key>
	<date>$expires</date>
	<key>Name</key>
	<string>$name</string>
$devices_xml
	<key>TeamIdentifier</key>
	<array>
		<string>$TEAM</string>
	</array>
	<key>TeamName</key>
	<string>Example Team</string>
	<key>TimeToLive</key>
	<integer>365</integer>
	<key>UUID</key>
	<string>0f8fad5b-d9cb-469f-a165-70867728950e</string>
	<key>Version</key>
	<integer>1</integer>
</dict>
</plist>
EOF
  openssl cms -sign -nodetach -binary -outform DER -in "$WORK/profile.plist" -signer "$WORK/profile.crt" \
    -inkey "$WORK/profile.key" -out "$file"
}

# ipa NAME FORMAT(xml|bin) VERSION BUILD [PROFILE ARGS...]: Payload/Inspect.app as Xcode exports it.
ipa() {
  local name=$1 format=$2 version=$3 build=$4 app
  shift 4
  rm -rf "$WORK/ipa" && app="$WORK/ipa/Payload/Inspect.app" && mkdir -p "$app/Frameworks/Kit.framework"
  info_plist "$WORK/Info.plist" iphoneos "$version" "$build"
  plistutil -i "$WORK/Info.plist" -o "$app/Info.plist" -f "$format"
  # A framework's own Info.plist deeper in the bundle: never the app's.
  plistutil -i "$WORK/Info.plist" -o "$app/Frameworks/Kit.framework/Info.plist" -f bin
  printf 'fixture executable\n' >"$app/Inspect"
  [ $# -eq 0 ] || profile "$app/embedded.mobileprovision" "$@"
  rm -f "$OUT/ios/$name.ipa"
  (cd "$WORK/ipa" && zip -q -X -r "$OUT/ios/$name.ipa" Payload)
}

ipa development xml 2.3.0 230 "Inspect Development" 2099-01-01T00:00:00Z true yes
ipa adhoc bin 2.3.1 231 "Inspect Ad Hoc" 2099-01-01T00:00:00Z false yes
ipa enterprise bin 2.3.2 232 "Inspect In House" 2099-01-01T00:00:00Z false all
ipa appstore xml 2.4.0 240 "Inspect App Store" 2099-01-01T00:00:00Z false no
ipa expired xml 2.2.0 220 "Inspect Development (old)" 2024-03-04T05:06:07Z true yes
ipa unprovisioned bin 2.3.3 233
# The development profile alone, for the envelope's reader on its own.
profile "$OUT/ios/development.mobileprovision" "Inspect Development" 2099-01-01T00:00:00Z true yes

# A simulator build: the .app folder zipped at the top, as `xcodebuild -sdk iphonesimulator` leaves it.
rm -rf "$WORK/sim" && mkdir -p "$WORK/sim/Inspect.app"
info_plist "$WORK/Info.plist" iphonesimulator 2.5.0 250
plistutil -i "$WORK/Info.plist" -o "$WORK/sim/Inspect.app/Info.plist" -f bin
printf 'fixture executable\n' >"$WORK/sim/Inspect.app/Inspect"
rm -f "$OUT/ios/simulator.zip"
(cd "$WORK/sim" && zip -q -X -r "$OUT/ios/simulator.zip" Inspect.app)

# ---------------------------------------------------------------- other accepted types
rm -rf "$WORK/deb" && mkdir -p "$WORK/deb/DEBIAN" "$WORK/deb/usr/share/inspect"
printf 'Package: inspect-fixture\nVersion: 1.0\nArchitecture: all\nMaintainer: Example <dev@example.com>\nDescription: fixture\n' \
  >"$WORK/deb/DEBIAN/control"
printf 'fixture\n' >"$WORK/deb/usr/share/inspect/README"
dpkg-deb --root-owner-group -Zgzip --build "$WORK/deb" "$OUT/other/inspect.deb" >/dev/null

echo "make-build-fixtures: wrote $(find "$OUT" -type f -newer "$WORK/key.p12" | wc -l) files under ${OUT#"$ROOT"/}"
