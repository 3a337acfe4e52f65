import { Service } from "electrodb";
import { AbbreviationEntity } from "../records/abbreviation.entity";
import { EventTargetsEntity, GuestSeenEntity, SearchTermGuestsEntity, SearchTermsEntity } from "../records/event-targets.entity";
import { MetricEntity } from "../records/metric.entity";
import { RateLimitEntity } from "../records/rate-limit.entity";
import { SecretEntity } from "../records/secret.entity";
import { SessionEntity } from "../records/session.entity";
import { SheetMappingEntity } from "../records/sheet-mapping.entity";
import { OneTimeTokenEntity } from "../records/token.entity";
import { BillingEntity } from "../records/billing.entity";
import { CategoryEntity } from "../records/category.entity";
import { CategoryTallyEntity } from "../records/category-tally.entity";
import { CompanyEntity } from "../records/company.entity";
import { MenuExportEntity, MenuExportPendingEntity } from "../records/menu-export.entity";
import { MenuCopyEntity, MenuCopyUndoEntity } from "../records/menu-copy.entity";
import { MenuReadingEntity } from "../records/menu-reading.entity";
import { ItemEntity } from "../records/item.entity";
import { ItemOriginEntity } from "../records/item-origin.entity";
import { PromotionEntity } from "../records/promotion.entity";
import { PublicationEntity, PublishDueEntity } from "../records/publication.entity";
import { SearchIndexStateEntity, SearchIndexTermEntity } from "../records/search-index.entity";
import { StoreEntity } from "../records/store.entity";
import { StoreFactsEntity } from "../records/store-facts.entity";
import { LifecycleDueEntity } from "../records/lifecycle-due.entity";
import { MailSuppressionEntity } from "../records/mail-suppression.entity";
import { InvoiceEntity, SubscriptionEntity, SubscriptionEventEntity } from "../records/subscription.entity";
import { TableEntity } from "../records/table.entity";
import { TableCallEntity, TableCallSlotEntity, TableCallsVersionEntity } from "../records/table-call.entity";
import { TranslationEntity, TranslationPendingEntity, TranslationUsageEntity } from "../records/translation.entity";
import { UniqueEntity } from "../records/unique.entity";
import { UserEntity } from "../records/user.entity";
import { db } from "./client";
import { MigrationEntity } from "../records/migration.entity";
import { TextFactsEntity } from "../records/text-facts.entity";

const service = new Service({
  unique: UniqueEntity,
  company: CompanyEntity,
  store: StoreEntity,
  user: UserEntity,
  session: SessionEntity,
  oneTimeToken: OneTimeTokenEntity,
  rateLimit: RateLimitEntity,
  secret: SecretEntity,
  table: TableEntity,
  tableCall: TableCallEntity,
  tableCallSlot: TableCallSlotEntity,
  tableCallsVersion: TableCallsVersionEntity,
  category: CategoryEntity,
  categoryTally: CategoryTallyEntity,
  storeFacts: StoreFactsEntity,
  textFacts: TextFactsEntity,
  migration: MigrationEntity,
  item: ItemEntity,
  itemOrigin: ItemOriginEntity,
  promotion: PromotionEntity,
  abbreviation: AbbreviationEntity,
  billing: BillingEntity,
  subscription: SubscriptionEntity,
  subscriptionEvent: SubscriptionEventEntity,
  invoice: InvoiceEntity,
  lifecycleDue: LifecycleDueEntity,
  translation: TranslationEntity,
  translationPending: TranslationPendingEntity,
  translationUsage: TranslationUsageEntity,
  publication: PublicationEntity,
  publishDue: PublishDueEntity,
  menuExport: MenuExportEntity,
  menuExportPending: MenuExportPendingEntity,
  menuCopy: MenuCopyEntity,
  menuReading: MenuReadingEntity,
  menuCopyUndo: MenuCopyUndoEntity,
  sheetMapping: SheetMappingEntity,
  metric: MetricEntity,
  eventTargets: EventTargetsEntity,
  searchTerms: SearchTermsEntity,
  searchTermGuests: SearchTermGuestsEntity,
  guestSeen: GuestSeenEntity,
  searchIndexTerm: SearchIndexTermEntity,
  searchIndexState: SearchIndexStateEntity,
  mailSuppression: MailSuppressionEntity,
});

let bound: unknown;
/** The ElectroDB service bound to the configured client and table. */
export function Db() {
  const { client, table } = db();
  if (bound !== client) {
    service.setClient(client);
    service.setTableName(table);
    bound = client;
  }
  return service;
}
