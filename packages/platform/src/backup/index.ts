export {
  BACKUP_FORMAT,
  BackupError,
  BackupManifest,
  embeddedAssetsDir,
  restoreBackup,
  writeBackup,
  type BackupSource,
  type RestoreTarget,
} from './embedded-backup.js';
export { DataDirInUseError, controlSocketPath, requestBackup, serveControl, socketAnswers } from './control.js';
