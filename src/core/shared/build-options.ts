/** The option table's rows (option-table.ts): the builds: which, where each goes, what the service's devices need of it, and how fast it must travel. */
import {
  NAMED,
  BUILD,
  DEFAULT_MIN_UPLOAD_KIB_PER_SECOND,
  PLATFORMS,
  IOS_TARGETS,
  type OptionSpec
} from './option-spec.js'

export const BUILD_OPTIONS = {
  file: {
    kind: 'globs',
    commands: BUILD,
    description:
      'Path or glob of the build (.apk .aab .ipa .deb .zip .csv .pdf), relative to the working directory or absolute, matching exactly one file; several builds one per line (each deployed under its own destination, with its own run and verdict).'
  },
  destination: {
    kind: 'destinationEach',
    commands: BUILD,
    description: `Where the build goes in the workspace's storage (may include folders), or one per platform (android:builds/app.apk ios:builds/app.ipa); default: built by {{namePrefix}}, else the file's own name.`
  },
  namePrefix: {
    kind: 'namePartEach',
    commands: [...NAMED, 'terminate'],
    description: `Builds the destination by the naming convention: <prefix>-<environment>.<ext> with {{environment}}, else <prefix>-<owner>-<repo>-pr<number>.<ext> for a pull request; one for every build, or one per platform (android:myapp-android ios:myapp-ios). Ending an environment, it names the pull request's preview environment the same way (<prefix>-<owner>-<repo>-pr<number>).`
  },
  environment: {
    kind: 'namePartEach',
    commands: NAMED,
    description: `The static environment of the naming convention, with {{namePrefix}}; one for every build, or one per platform (android:staging-android ios:staging-ios).`
  },
  expectedAppId: {
    kind: 'appIds',
    commands: NAMED,
    description:
      'The app id every build must have (Android package name, iOS bundle id), or one per platform (android:com.example.shop ios:com.example.Shop); a build of another app is refused before anything is sent.'
  },
  platform: {
    kind: 'platform',
    commands: NAMED,
    description: `The platform the build must be for: ${PLATFORMS.join(' or ')}; a build for the other one, or a file that is no app, is refused before anything is sent.`
  },
  requiredAbis: {
    kind: 'abis',
    commands: BUILD,
    description: `The ABIs each Android build must have native code for, as the service's devices need (arm64-v8a, armeabi-v7a, x86_64, x86; several separated by spaces or commas): an APK or App Bundle whose native libraries lack one is refused before anything is sent, naming the ABIs it has; a build without native code runs on any and passes. iOS builds are not checked.`
  },
  requiredTarget: {
    kind: 'target',
    commands: BUILD,
    description: `What each iOS build must run on: ${IOS_TARGETS.join(' or ')} (an .ipa for iPhones and iPads, or a zipped .app built for the simulator); a build of the other kind is refused before anything is sent. Android builds are not checked.`
  },
  minUploadKibPerSecond: {
    kind: 'number',
    default: DEFAULT_MIN_UPLOAD_KIB_PER_SECOND,
    min: 1,
    max: 1024 * 1024,
    commands: BUILD,
    description:
      "The slowest upload still waited for, in KiB/s: an attempt may take the build's size at this speed plus the request time limit (MOBILE_DEPLOY_REQUEST_TIMEOUT_SECONDS), then it is cut and tried again. Lower it for a slow link."
  }
} as const satisfies Record<string, OptionSpec>
