import { useVirtualClock } from './virtual-clock.js'

// The in-process suites wait on the virtual clock: back-offs, polls, a run's stages and GitHub's write spacing cost no real time.
useVirtualClock()
