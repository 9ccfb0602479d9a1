import { repositoryOfSlug } from '../github.js'
import { repositoryOfUrl } from '../repository.js'
import { branchOfRef, fromUrl, fromVariables, number, type Provider } from './provider.js'

/** Azure Repos' repository provider names, as the service names the host. */
const HOSTS: Record<string, string> = {
  GitHub: 'GitHub',
  Bitbucket: 'Bitbucket',
  TfsGit: 'Azure Repos'
}

export const AZURE: Provider = {
  name: 'Azure Pipelines',
  signals: [{ variable: 'TF_BUILD', value: 'true' }],
  reads: {
    branch: '`SYSTEM_PULLREQUEST_SOURCEBRANCH`, else `BUILD_SOURCEBRANCH`',
    commit: '`BUILD_SOURCEVERSION`',
    request: '`SYSTEM_PULLREQUEST_PULLREQUESTNUMBER` (or `…ID`)',
    repository: '`BUILD_REPOSITORY_NAME` (GitHub), else from `BUILD_REPOSITORY_URI`'
  },
  context: fromVariables(env => {
    const provider = env.BUILD_REPOSITORY_PROVIDER ?? ''
    return {
      ...fromUrl(env.BUILD_REPOSITORY_URI, env.BUILD_SOURCEVERSION, {}),
      branch: branchOfRef(env.SYSTEM_PULLREQUEST_SOURCEBRANCH || env.BUILD_SOURCEBRANCH),
      pullRequestNumber:
        number(env.SYSTEM_PULLREQUEST_PULLREQUESTNUMBER) ??
        number(env.SYSTEM_PULLREQUEST_PULLREQUESTID),
      repository:
        provider === 'GitHub'
          ? repositoryOfSlug(env.BUILD_REPOSITORY_NAME)
          : repositoryOfUrl(env.BUILD_REPOSITORY_URI),
      hostingService: Object.hasOwn(HOSTS, provider) ? HOSTS[provider] : undefined
    }
  })
}
