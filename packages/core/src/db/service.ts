import { Service } from "electrodb";
import { AbbreviationEntity } from "../abbreviation/abbreviation.entity";
import { EventTargetsEntity, SearchTermsEntity } from "../analytics/event-targets.entity";
import { MetricEntity } from "../analytics/metric.entity";
import { RateLimitEntity } from "../auth/rate-limit.entity";
import { SecretEntity } from "../auth/secret.entity";
import { SessionEntity } from "../auth/session.entity";
import { OneTimeTokenEntity } from "../auth/token.entity";
import { BillingEntity } from "../billing/billing.entity";
import { CategoryEntity } from "../category/category.entity";
import { CategoryTallyEntity } from "../category/tally.entity";
import { CompanyEntity } from "../company/company.entity";
import { MenuExportEntity, MenuExportPendingEntity } from "../export/menu-export.entity";
import { ItemEntity } from "../item/item.entity";
import { PromotionEntity } from "../promotion/promotion.entity";
import { PublicationEntity, PublishDueEntity } from "../publish/publication.entity";
import { SearchIndexStateEntity, SearchIndexTermEntity } from "../search/search.entity";
import { StoreEntity } from "../store/store.entity";
import { StoreFactsEntity } from "../store/facts.entity";
import { LifecycleDueEntity } from "../subscription/due.entity";
import { MailSuppressionEntity } from "../mail/suppression.entity";
import { InvoiceEntity, SubscriptionEntity, SubscriptionEventEntity } from "../subscription/subscription.entity";
import { TableEntity } from "../tables/table.entity";
import { TranslationEntity, TranslationPendingEntity, TranslationUsageEntity } from "../translation/translation.entity";
import { UniqueEntity } from "../shared/unique.entity";
import { UserEntity } from "../user/user.entity";
import { db } from "./client";
import { MigrationEntity } from "./migration.entity";
import { TextFactsEntity } from "../translation/text-facts.entity";

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
  category: CategoryEntity,
  categoryTally: CategoryTallyEntity,
  storeFacts: StoreFactsEntity,
  textFacts: TextFactsEntity,
  migration: MigrationEntity,
  item: ItemEntity,
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
  metric: MetricEntity,
  eventTargets: EventTargetsEntity,
  searchTerms: SearchTermsEntity,
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
