import { Duration, RemovalPolicy } from "aws-cdk-lib";
import * as backup from "aws-cdk-lib/aws-backup";
import * as events from "aws-cdk-lib/aws-events";
import * as iam from "aws-cdk-lib/aws-iam";
import { use, type StackContext } from "sst/constructs";
import { Database } from "./Database";
import { settings } from "./settings";
import { Storage } from "./Storage";

/**
 * Backups beyond point-in-time recovery (35 days, same region) and the uploads' former versions
 * (30 days): AWS Backup takes the table and the uploads bucket every night into this region's vault
 * and copies each recovery point to a vault in a second region (BACKUP_COPY_VAULT_ARN, required for
 * production stages), so a lost region or a deleted table can be restored (docs/deploy.md, "Restore drill").
 */
export function Backups({ stack, app }: StackContext) {
  const config = settings();
  const { table } = use(Database);
  const { uploads } = use(Storage);

  // Recovery points outlive the stack: a removed stage's backups are what a restore needs.
  const vault = new backup.BackupVault(stack, "vault", { backupVaultName: app.logicalPrefixedName("backups"), removalPolicy: RemovalPolicy.RETAIN });
  const plan = new backup.BackupPlan(stack, "plan", { backupPlanName: app.logicalPrefixedName("data"), backupVault: vault });
  plan.addRule(
    new backup.BackupPlanRule({
      ruleName: "nightly",
      // 03:00 UTC, after the evening's edits, before the morning's.
      scheduleExpression: events.Schedule.cron({ hour: "3", minute: "0" }),
      deleteAfter: Duration.days(BACKUP_DAYS),
      copyActions: config.backupCopyVaultArn
        ? [{ destinationBackupVault: backup.BackupVault.fromBackupVaultArn(stack, "copy-vault", config.backupCopyVaultArn), deleteAfter: Duration.days(BACKUP_DAYS) }]
        : [],
    }),
  );
  // AWS Backup's own role; S3 backups and restores need their two policies beside the general ones.
  const role = new iam.Role(stack, "backup-role", {
    assumedBy: new iam.ServicePrincipal("backup.amazonaws.com"),
    managedPolicies: ["AWSBackupServiceRolePolicyForBackup", "AWSBackupServiceRolePolicyForRestores", "AWSBackupServiceRolePolicyForS3Backup", "AWSBackupServiceRolePolicyForS3Restore"].map(
      (name) => iam.ManagedPolicy.fromAwsManagedPolicyName(`service-role/${name}`),
    ),
  });
  plan.addSelection("data", {
    role,
    resources: [backup.BackupResource.fromArn(table.tableArn), backup.BackupResource.fromArn(uploads.bucketArn)],
  });

  stack.addOutputs({ BackupVault: vault.backupVaultName });
  return { vault, plan };
}

/** Days each nightly recovery point is kept, in both regions. */
export const BACKUP_DAYS = 35;
