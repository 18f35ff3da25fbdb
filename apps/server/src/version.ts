import serverPackage from '../package.json' with { type: 'json' };

/**
 * The release this code is (semantic versioning, CHANGELOG.md): the same in every package.json of
 * the repository. Backups record it, so an archive from a newer release is refused; traces and
 * the API documentation carry it.
 */
export const APP_VERSION: string = serverPackage.version;
