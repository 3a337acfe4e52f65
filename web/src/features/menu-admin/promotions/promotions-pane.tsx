import type { CategoryInfo } from "@menu/core/category/category";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { FormattedMessage } from "react-intl";
import { menuKeys } from "@/lib/menu-keys";
import type { CsObject } from "@/lib/admin-scope";
import type { CardAction } from "../cards/card-actions";
import { CardList } from "../cards/card-list";
import { useFocusNewCard } from "../cards/focus-new-card";
import { Icon } from "@/components/icon";
import { PaneToolbar } from "../cards/pane-toolbar";
import { useCardList } from "../cards/use-card-list";
import { useTranslationOverview } from "../translations/api";
import { useTranslationFilter } from "../translations/use-translation-filter";
import { promotionCalls, promotionsQueryOptions, type PromotionInfo } from "./api";
import { PromotionCard } from "./promotion-card";
import { PromotionFormDialog } from "./promotion-form-dialog";

/** The promotions of a promotions category, as guests see them, with the staff's tools. */
export function PromotionsPane({ cs, category }: { cs: CsObject; category: CategoryInfo }) {
  const queryClient = useQueryClient();
  const key = menuKeys.categoryPromotions(cs.store_id, category.id);
  const promotions = useQuery(promotionsQueryOptions(cs.store_id, category.id));
  const rows = promotions.data ?? [];
  const focusNewCard = useFocusNewCard(rows);
  const [editing, setEditing] = useState<PromotionInfo | "new">();
  /** The language whose translation editor the dialog opens with (from a card's chip). */
  const [language, setLanguage] = useState<string>();
  const edit = (p: PromotionInfo | "new", lang?: string) => {
    setLanguage(lang);
    setEditing(p);
  };
  const translation = useTranslationOverview(cs.store_id);
  const translationFilter = useTranslationFilter<PromotionInfo>(translation, "Promotion");
  const statusesOf = (p: PromotionInfo) => translation.statusesOf("Promotion", p);
  const list = useCardList({
    key,
    categoryId: category.id,
    rows,
    calls: promotionCalls(cs.store_id),
    busy: false,
    onChanged: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: menuKeys.categories(cs.store_id) });
    },
  });
  const { busy } = list;

  const actionsOf = (p: PromotionInfo): CardAction[] => [
    { icon: "edit", label: "menuAdmin.action.edit", onClick: () => edit(p), testId: "edit-item" },
    p.visible
      ? { icon: "hide", label: "menuAdmin.action.hide", onClick: () => list.setVisible(p, false), testId: "hide-item" }
      : { icon: "show", label: "menuAdmin.action.show", onClick: () => list.setVisible(p, true), testId: "show-item" },
    { icon: "delete", label: "menuAdmin.action.delete", onClick: () => list.setDeleting([p]), danger: true, testId: "delete-item" },
  ];

  return (
    <section className="ma-pane" aria-busy={promotions.isPending || busy || undefined} data-testid="category-content">
      <PaneToolbar
        filter={translationFilter.toolbar}
        add={
          <button type="button" className="btn btn--primary" onClick={() => setEditing("new")} disabled={busy} data-testid="add-promotion">
            <Icon name="plus" />
            <FormattedMessage id="menuAdmin.promotion.add" />
          </button>
        }
      />
      <CardList
        list={list}
        query={{ isPending: promotions.isPending, error: promotions.error, total: rows.length }}
        empty={{ testId: "promotions-empty", message: "menuAdmin.promotion.empty", addFirst: "menuAdmin.promotion.addFirst", onAdd: () => setEditing("new") }}
        className="ma-list ma-list--promotions"
        testId="admin-promotions"
        skeletons={2}
        titleOf={(p) => p.header}
        card={(p, common) => <PromotionCard key={p.id} promotion={p} actions={actionsOf(p)} translations={statusesOf(p)} onEditTranslation={(lang) => edit(p, lang)} {...common} />}
        filter={translationFilter.filter}
      />
      {editing ? <PromotionFormDialog cs={cs} category={category} promotion={editing === "new" ? undefined : editing} language={language} onClose={() => setEditing(undefined)} onCreated={focusNewCard} /> : null}
    </section>
  );
}
