/**
 * The demo venue's menu, written compactly: per category, [ru, en, zh] triples of titles and
 * descriptions; portions and prices are generated from the category's rules by a seeded generator.
 * Both demo stores share this catalogue (with their own prices and visibility) plus a few items of
 * their own (`only`).
 */
import type { CategoryType, Section } from "@menu/core";
import type { Glyph, Palette } from "./glyphs";

/** A text in Russian (the source), English and Chinese. */
export type Tri = readonly [ru: string, en: string, zh: string];
export type Unit = "g" | "kg" | "l" | "ml" | "pieces";
export type Currency = "BYN" | "USD";

/** One portion size: weight, unit and the price factor relative to the item's base price. */
export type Size = readonly [weight: string, unit: Unit, factor: number];

export type Portions =
  /** One portion whose weight is drawn between min and max (step 10 g or ml). */
  | { kind: "range"; unit: Unit; min: number; max: number }
  /** Always all of these sizes. */
  | { kind: "sizes"; sizes: readonly Size[] }
  /** The first 1..n of these sizes (n drawn per item). */
  | { kind: "some"; sizes: readonly Size[] };

export type Entry = {
  title: Tri;
  /** The main line of the description (ingredients, flavour, players...). */
  text?: Tri;
  sizes?: readonly Size[];
  /** Only in this store. */
  only?: "center" | "park";
};

export type CategorySpec = {
  name: Tri;
  icon: string;
  glyph: Glyph;
  palette: Palette;
  /** Bold label in front of each item's description line. */
  label?: Tri;
  /** An italic second line under each item's description. */
  note?: Tri;
  portions?: Portions;
  /** Base price range of an item, in the currency's major units, rounded to `step`. */
  price?: readonly [min: number, max: number, step: number];
  currency?: Currency;
  schedule?: { start: string; end: string };
  items?: Entry[];
  children?: CategorySpec[];
};

export type SectionSpec = { section: Section; type: CategoryType; kind: "product" | "hookah" | "game"; categories: CategorySpec[] };

const e = (ru: string, en: string, zh: string, text?: Tri, extra: Omit<Entry, "title" | "text"> = {}): Entry => ({
  title: [ru, en, zh],
  text,
  ...extra,
});
const t = (ru: string, en: string, zh: string): Tri => [ru, en, zh];

const INGREDIENTS = t("Состав:", "Ingredients:", "配料：");
const FLAVOUR = t("Вкус:", "Flavour:", "口味：");

// Palettes: gradient start, gradient end, accent.
const WARM: Palette = ["#f6d365", "#fda085", "#c0392b"];
const PEACH: Palette = ["#ffecd2", "#fcb69f", "#d35400"];
const MINT: Palette = ["#84fab0", "#8fd3f4", "#1e8449"];
const FRESH: Palette = ["#d4fc79", "#96e6a1", "#27ae60"];
const BERRY: Palette = ["#a18cd1", "#fbc2eb", "#6c3483"];
const ROSE: Palette = ["#ff9a9e", "#fecfef", "#c2185b"];
const SEA: Palette = ["#89f7fe", "#66a6ff", "#1f5f99"];
const EMBER: Palette = ["#f83600", "#f9d423", "#7b241c"];
const NIGHT: Palette = ["#30cfd0", "#330867", "#0b3c5d"];
const SMOKE: Palette = ["#5d4157", "#a8caba", "#3d2c3e"];
const COFFEE: Palette = ["#d7b899", "#8e5b3c", "#4e2a14"];
const SUN: Palette = ["#fddb92", "#d1fdff", "#e67e22"];
const AMBER: Palette = ["#f7971e", "#ffd200", "#8d5a00"];
const WINE: Palette = ["#e8cbc0", "#636fa4", "#7b1e3a"];
const PLUM: Palette = ["#c471f5", "#fa71cd", "#5b2c6f"];
const SKY: Palette = ["#a1c4fd", "#c2e9fb", "#2c3e50"];

const KITCHEN: SectionSpec = {
  section: "kitchen",
  type: "products",
  kind: "product",
  categories: [
    {
      name: t("Завтраки", "Breakfasts", "早餐"),
      icon: "🍳",
      glyph: "egg",
      palette: SUN,
      label: INGREDIENTS,
      note: t("Подаём с 8:00 до 12:00", "Served from 8:00 to 12:00", "供应时间 8:00–12:00"),
      portions: { kind: "range", unit: "g", min: 220, max: 380 },
      price: [7, 16, 0.1],
      schedule: { start: "08:00", end: "12:00" },
      items: [
        e("Сырники со сметаной и ягодным соусом", "Syrniki with sour cream and berry sauce", "俄式奶酪煎饼配酸奶油和浆果酱",
          t("творог, мука, яйцо, сметана, ягодный соус", "cottage cheese, flour, egg, sour cream, berry sauce", "农家奶酪、面粉、鸡蛋、酸奶油、浆果酱")),
        e("Омлет с ветчиной и сыром", "Omelette with ham and cheese", "火腿奶酪煎蛋卷",
          t("яйца, сливки, ветчина, сыр, тост", "eggs, cream, ham, cheese, toast", "鸡蛋、奶油、火腿、奶酪、吐司")),
        e("Яйца Бенедикт с лососем", "Eggs Benedict with salmon", "三文鱼班尼迪克蛋",
          t("бриошь, яйца пашот, слабосолёный лосось, голландский соус", "brioche, poached eggs, lightly salted salmon, hollandaise sauce", "布里欧修面包、水波蛋、轻腌三文鱼、荷兰酱")),
        e("Английский завтрак", "Full English breakfast", "英式早餐",
          t("яичница, бекон, колбаски, фасоль, шампиньоны, томаты, тост", "fried eggs, bacon, sausages, beans, mushrooms, tomatoes, toast", "煎蛋、培根、香肠、焗豆、蘑菇、番茄、吐司")),
        e("Овсяная каша с бананом и мёдом", "Oatmeal with banana and honey", "香蕉蜂蜜燕麦粥",
          t("овсяные хлопья, молоко, банан, мёд", "oat flakes, milk, banana, honey", "燕麦片、牛奶、香蕉、蜂蜜")),
        e("Блины с творогом", "Crepes with cottage cheese", "奶酪馅薄饼",
          t("блины, творог, изюм, сметана", "crepes, cottage cheese, raisins, sour cream", "薄饼、农家奶酪、葡萄干、酸奶油")),
        e("Гранола с йогуртом и ягодами", "Granola with yogurt and berries", "格兰诺拉麦片配酸奶和浆果",
          t("гранола, греческий йогурт, сезонные ягоды", "granola, Greek yogurt, seasonal berries", "格兰诺拉麦片、希腊酸奶、时令浆果")),
        e("Шакшука", "Shakshuka", "北非蛋",
          t("яйца, томаты, сладкий перец, лук, специи, лепёшка", "eggs, tomatoes, bell pepper, onion, spices, flatbread", "鸡蛋、番茄、甜椒、洋葱、香料、薄饼")),
        e("Авокадо-тост с яйцом пашот", "Avocado toast with a poached egg", "牛油果吐司配水波蛋",
          t("цельнозерновой хлеб, авокадо, яйцо пашот, микрозелень", "wholegrain bread, avocado, poached egg, microgreens", "全麦面包、牛油果、水波蛋、芽苗菜")),
      ],
    },
    {
      name: t("Закуски", "Starters", "小吃"),
      icon: "🧀",
      glyph: "cheese",
      palette: WARM,
      label: INGREDIENTS,
      portions: { kind: "range", unit: "g", min: 150, max: 320 },
      price: [6, 22, 0.1],
      items: [
        e("Брускетты с томатами и базиликом", "Bruschetta with tomatoes and basil", "番茄罗勒意式烤面包",
          t("чиабатта, томаты, базилик, чеснок, оливковое масло", "ciabatta, tomatoes, basil, garlic, olive oil", "恰巴塔面包、番茄、罗勒、大蒜、橄榄油")),
        e("Сырная тарелка", "Cheese platter", "奶酪拼盘",
          t("камамбер, пармезан, дор блю, мёд, грецкий орех, виноград", "camembert, parmesan, dor blue, honey, walnuts, grapes", "卡芒贝尔奶酪、帕尔马干酪、蓝纹奶酪、蜂蜜、核桃、葡萄")),
        e("Мясное ассорти", "Cold cuts platter", "冷切肉拼盘",
          t("хамон, салями, буженина, корнишоны, горчица", "jamón, salami, roast pork, gherkins, mustard", "西班牙火腿、萨拉米、烤猪肉、酸黄瓜、芥末")),
        e("Картофель фри", "French fries", "薯条",
          t("картофель, соль, кетчуп", "potatoes, salt, ketchup", "土豆、盐、番茄酱")),
        e("Сырные палочки", "Cheese sticks", "芝士条",
          t("моцарелла в панировке, соус тартар", "breaded mozzarella, tartar sauce", "裹粉马苏里拉奶酪、塔塔酱")),
        e("Куриные крылья BBQ", "BBQ chicken wings", "烧烤鸡翅",
          t("куриные крылья, соус барбекю, стебли сельдерея", "chicken wings, barbecue sauce, celery sticks", "鸡翅、烧烤酱、芹菜条")),
        e("Драники со сметаной", "Potato pancakes with sour cream", "土豆饼配酸奶油",
          t("картофель, лук, сметана, зелень", "potatoes, onion, sour cream, herbs", "土豆、洋葱、酸奶油、香草")),
        e("Гренки с чесноком", "Garlic croutons", "蒜香面包条",
          t("ржаной хлеб, чеснок, сырный соус", "rye bread, garlic, cheese sauce", "黑麦面包、大蒜、芝士酱")),
        e("Сельдь с отварным картофелем", "Herring with boiled potatoes", "鲱鱼配煮土豆",
          t("слабосолёная сельдь, картофель, красный лук, укроп", "lightly salted herring, potatoes, red onion, dill", "轻腌鲱鱼、土豆、红洋葱、莳萝")),
      ],
    },
    {
      name: t("Салаты", "Salads", "沙拉"),
      icon: "🥗",
      glyph: "salad",
      palette: FRESH,
      label: INGREDIENTS,
      portions: { kind: "range", unit: "g", min: 180, max: 300 },
      price: [9, 21, 0.1],
      items: [
        e("Цезарь с курицей", "Caesar salad with chicken", "鸡肉凯撒沙拉",
          t("романо, куриное филе, пармезан, гренки, соус цезарь", "romaine, chicken breast, parmesan, croutons, Caesar dressing", "罗马生菜、鸡胸肉、帕尔马干酪、面包丁、凯撒酱")),
        e("Цезарь с креветками", "Caesar salad with shrimp", "鲜虾凯撒沙拉",
          t("романо, тигровые креветки с/м, пармезан, гренки, соус цезарь", "romaine, frozen tiger prawns, parmesan, croutons, Caesar dressing", "罗马生菜、冷冻虎虾、帕尔马干酪、面包丁、凯撒酱")),
        e("Греческий", "Greek salad", "希腊沙拉",
          t("томаты, огурцы, сладкий перец, маслины, фета, красный лук", "tomatoes, cucumbers, bell pepper, olives, feta, red onion", "番茄、黄瓜、甜椒、橄榄、菲达奶酪、红洋葱")),
        e("Оливье с говяжьим языком", "Olivier salad with beef tongue", "牛舌俄式沙拉",
          t("картофель, морковь, говяжий язык, огурцы, горошек, майонез", "potatoes, carrots, beef tongue, pickles, peas, mayonnaise", "土豆、胡萝卜、牛舌、腌黄瓜、豌豆、蛋黄酱")),
        e("Тёплый салат с говядиной", "Warm beef salad", "温牛肉沙拉",
          t("говяжья вырезка, микс салатов, томаты черри, соус терияки", "beef tenderloin, mixed leaves, cherry tomatoes, teriyaki sauce", "牛里脊、混合生菜、樱桃番茄、照烧酱")),
        e("Нисуаз с тунцом", "Niçoise salad with tuna", "金枪鱼尼斯沙拉",
          t("тунец, стручковая фасоль, яйцо, картофель, маслины", "tuna, green beans, egg, potatoes, olives", "金枪鱼、四季豆、鸡蛋、土豆、橄榄")),
        e("Капрезе", "Caprese", "卡布里沙拉",
          t("моцарелла, томаты, базилик, песто", "mozzarella, tomatoes, basil, pesto", "马苏里拉奶酪、番茄、罗勒、青酱")),
        e("Салат с печёной свёклой и козьим сыром", "Roasted beetroot salad with goat cheese", "烤甜菜根山羊奶酪沙拉",
          t("свёкла, козий сыр, руккола, грецкий орех, мёд", "beetroot, goat cheese, arugula, walnuts, honey", "甜菜根、山羊奶酪、芝麻菜、核桃、蜂蜜")),
      ],
    },
    {
      name: t("Супы", "Soups", "汤"),
      icon: "🍲",
      glyph: "soup",
      palette: PEACH,
      label: INGREDIENTS,
      portions: { kind: "range", unit: "g", min: 280, max: 350 },
      price: [7, 16, 0.1],
      items: [
        e("Борщ со сметаной и пампушкой", "Borscht with sour cream and a garlic bun", "罗宋汤配酸奶油和蒜香面包",
          t("свёкла, капуста, говядина, сметана, пампушка", "beetroot, cabbage, beef, sour cream, garlic bun", "甜菜、卷心菜、牛肉、酸奶油、蒜香小面包")),
        e("Куриный бульон с домашней лапшой", "Chicken broth with homemade noodles", "鸡汤手工面",
          t("куриный бульон, лапша, яйцо, зелень", "chicken broth, noodles, egg, herbs", "鸡汤、面条、鸡蛋、香草")),
        e("Крем-суп из шампиньонов", "Cream of mushroom soup", "奶油蘑菇汤",
          t("шампиньоны, сливки, лук, гренки", "mushrooms, cream, onion, croutons", "蘑菇、奶油、洋葱、面包丁")),
        e("Солянка мясная", "Meat solyanka", "俄式杂拌肉汤",
          t("копчёности, солёные огурцы, маслины, лимон, сметана", "smoked meats, pickles, olives, lemon, sour cream", "熏肉、腌黄瓜、橄榄、柠檬、酸奶油")),
        e("Том ям с креветками", "Tom yum with shrimp", "鲜虾冬阴功汤",
          t("креветки, кокосовое молоко, грибы, лемонграсс, рис", "shrimp, coconut milk, mushrooms, lemongrass, rice", "虾、椰奶、蘑菇、香茅、米饭")),
        e("Холодник", "Kholodnik (cold beetroot soup)", "白俄罗斯冷甜菜汤",
          t("свёкла, кефир, огурцы, яйцо, укроп, картофель", "beetroot, kefir, cucumbers, egg, dill, potatoes", "甜菜、开菲尔酸奶、黄瓜、鸡蛋、莳萝、土豆")),
      ],
    },
    {
      name: t("Горячее", "Main courses", "主菜"),
      icon: "🍽️",
      glyph: "steak",
      palette: EMBER,
      children: [
        {
          name: t("Мясо", "Meat", "肉类"),
          icon: "🥩",
          glyph: "steak",
          palette: EMBER,
          label: INGREDIENTS,
          portions: { kind: "range", unit: "g", min: 250, max: 420 },
          price: [18, 48, 0.5],
          items: [
            e("Стейк рибай", "Ribeye steak", "肉眼牛排",
              t("мраморная говядина, соус демиглас, овощи гриль", "marbled beef, demi-glace, grilled vegetables", "雪花牛肉、半釉汁、烤蔬菜")),
            e("Свиная корейка на гриле", "Grilled pork loin", "烤猪里脊",
              t("свиная корейка, печёный картофель, соус BBQ", "pork loin, baked potatoes, BBQ sauce", "猪里脊、烤土豆、烧烤酱")),
            e("Бефстроганов с картофельным пюре", "Beef Stroganoff with mashed potatoes", "俄式炖牛肉配土豆泥",
              t("говядина, сметанный соус, шампиньоны, пюре", "beef, sour cream sauce, mushrooms, mashed potatoes", "牛肉、酸奶油酱、蘑菇、土豆泥")),
            e("Мачанка с блинами", "Machanka with pancakes", "白俄罗斯肉酱配薄饼",
              t("свинина, домашние колбаски, сметанный соус, блины", "pork, homemade sausages, sour cream sauce, pancakes", "猪肉、自制香肠、酸奶油酱、薄饼")),
            e("Колдуны со шкварками", "Kolduny (potato dumplings) with cracklings", "土豆肉馅饺子配猪油渣",
              t("картофель, мясной фарш, сметана, шкварки", "potatoes, minced meat, sour cream, cracklings", "土豆、肉馅、酸奶油、猪油渣")),
            e("Люля-кебаб из баранины", "Lamb lula kebab", "羊肉卢拉烤串",
              t("баранина, лаваш, томатный соус, маринованный лук", "lamb, lavash, tomato sauce, pickled onion", "羊肉、拉瓦什薄饼、番茄酱、腌洋葱")),
            e("Свиная рулька б/к", "Boneless pork knuckle", "去骨猪肘",
              t("рулька, тушёная капуста, горчица, хрен", "pork knuckle, braised cabbage, mustard, horseradish", "猪肘、炖卷心菜、芥末、辣根")),
            e("Стейк томагавк", "Tomahawk steak", "战斧牛排",
              t("мраморная говядина на кости, соус чимичурри, печёный картофель", "bone-in marbled beef, chimichurri, baked potatoes", "带骨雪花牛肉、阿根廷青酱、烤土豆"),
              { only: "center", sizes: [["1.2", "kg", 3.2]] }),
            e("Шашлык из свиной шеи", "Pork neck shashlik", "猪颈肉串",
              t("свиная шея, лаваш, маринованный лук, соус ткемали", "pork neck, lavash, pickled onion, tkemali sauce", "猪颈肉、拉瓦什薄饼、腌洋葱、酸李子酱"),
              { only: "park", sizes: [["300", "g", 1], ["1", "kg", 3.1]] }),
          ],
        },
        {
          name: t("Птица", "Poultry", "禽肉"),
          icon: "🍗",
          glyph: "drumstick",
          palette: WARM,
          label: INGREDIENTS,
          portions: { kind: "range", unit: "g", min: 250, max: 380 },
          price: [15, 32, 0.5],
          items: [
            e("Куриное филе на гриле", "Grilled chicken breast", "烤鸡胸肉",
              t("куриное филе, овощи гриль, сливочный соус", "chicken breast, grilled vegetables, cream sauce", "鸡胸肉、烤蔬菜、奶油酱")),
            e("Утиная ножка конфи", "Duck leg confit", "油封鸭腿",
              t("утиная ножка, пюре из батата, брусничный соус", "duck leg, sweet potato purée, lingonberry sauce", "鸭腿、红薯泥、越橘酱")),
            e("Котлета по-киевски", "Chicken Kiev", "基辅炸鸡排",
              t("куриное филе, сливочное масло с зеленью, картофельное пюре", "chicken breast, herb butter, mashed potatoes", "鸡胸肉、香草黄油、土豆泥")),
            e("Цыплёнок табака", "Chicken tabaka", "格鲁吉亚压烤春鸡",
              t("цыплёнок, чесночный соус, аджика", "spring chicken, garlic sauce, adjika", "春鸡、蒜香酱、阿吉卡辣酱")),
            e("Индейка в сливочном соусе", "Turkey in cream sauce", "奶油酱火鸡",
              t("филе индейки, шампиньоны, сливки, рис", "turkey fillet, mushrooms, cream, rice", "火鸡肉、蘑菇、奶油、米饭")),
          ],
        },
        {
          name: t("Рыба и морепродукты", "Fish and seafood", "鱼类和海鲜"),
          icon: "🐟",
          glyph: "fish",
          palette: SEA,
          label: INGREDIENTS,
          portions: { kind: "range", unit: "g", min: 220, max: 360 },
          price: [19, 42, 0.5],
          items: [
            e("Стейк из лосося", "Salmon steak", "三文鱼排",
              t("лосось, спаржа, лимонно-сливочный соус", "salmon, asparagus, lemon cream sauce", "三文鱼、芦笋、柠檬奶油酱")),
            e("Судак с овощами", "Pike perch with vegetables", "梭鲈配蔬菜",
              t("филе судака, цукини, томаты, соус бер блан", "pike perch fillet, zucchini, tomatoes, beurre blanc", "梭鲈鱼片、西葫芦、番茄、白黄油酱")),
            e("Дорадо на гриле", "Grilled dorado", "烤金头鲷",
              t("дорадо, лимон, розмарин, зелёный салат", "dorado, lemon, rosemary, green salad", "金头鲷、柠檬、迷迭香、绿叶沙拉")),
            e("Мидии в сливочном соусе", "Mussels in cream sauce", "奶油汁青口",
              t("мидии, сливки, чеснок, белое вино, багет", "mussels, cream, garlic, white wine, baguette", "青口、奶油、大蒜、白葡萄酒、法棍")),
            e("Креветки в чесночном соусе", "Garlic shrimp", "蒜香大虾",
              t("тигровые креветки, чеснок, перец чили, багет", "tiger prawns, garlic, chili, baguette", "虎虾、大蒜、辣椒、法棍")),
            e("Кальмар на гриле", "Grilled squid", "烤鱿鱼",
              t("кальмар с/м, лимон, соус из сладкого перца", "frozen squid, lemon, sweet pepper sauce", "冷冻鱿鱼、柠檬、甜椒酱")),
          ],
        },
        {
          name: t("Паста и ризотто", "Pasta and risotto", "意面和烩饭"),
          icon: "🍝",
          glyph: "pasta",
          palette: SUN,
          label: INGREDIENTS,
          portions: { kind: "range", unit: "g", min: 260, max: 340 },
          price: [13, 27, 0.1],
          items: [
            e("Карбонара", "Spaghetti carbonara", "培根蛋酱意面",
              t("спагетти, гуанчиале, желток, пекорино, чёрный перец", "spaghetti, guanciale, egg yolk, pecorino, black pepper", "意大利面、风干猪颊肉、蛋黄、佩科里诺奶酪、黑胡椒")),
            e("Болоньезе", "Bolognese", "肉酱意面",
              t("тальятелле, говяжий фарш, томаты, пармезан", "tagliatelle, minced beef, tomatoes, parmesan", "宽面、牛肉末、番茄、帕尔马干酪")),
            e("Паста с морепродуктами", "Seafood pasta", "海鲜意面",
              t("лингвини, креветки, мидии, кальмар, томатный соус", "linguine, shrimp, mussels, squid, tomato sauce", "扁意面、虾、青口、鱿鱼、番茄酱")),
            e("Феттучине с курицей и грибами", "Fettuccine with chicken and mushrooms", "鸡肉蘑菇宽面",
              t("феттучине, куриное филе, шампиньоны, сливки", "fettuccine, chicken, mushrooms, cream", "宽面、鸡肉、蘑菇、奶油")),
            e("Ризотто с белыми грибами", "Porcini risotto", "牛肝菌烩饭",
              t("рис арборио, белые грибы, пармезан, сливочное масло", "arborio rice, porcini, parmesan, butter", "阿博里奥米、牛肝菌、帕尔马干酪、黄油")),
            e("Ризотто с креветками", "Shrimp risotto", "鲜虾烩饭",
              t("рис арборио, креветки, шафран, пармезан", "arborio rice, shrimp, saffron, parmesan", "阿博里奥米、虾、藏红花、帕尔马干酪")),
            e("Паста песто", "Pasta pesto", "青酱意面",
              t("трофие, песто из базилика, кедровые орехи, пармезан", "trofie, basil pesto, pine nuts, parmesan", "特罗菲面、罗勒青酱、松子、帕尔马干酪")),
          ],
        },
      ],
    },
    {
      name: t("Пицца", "Pizza", "披萨"),
      icon: "🍕",
      glyph: "pizza",
      palette: WARM,
      label: INGREDIENTS,
      note: t("30 или 40 см, тесто готовим сами", "30 or 40 cm, dough made in-house", "30或40厘米，自制面团"),
      portions: { kind: "sizes", sizes: [["450", "g", 1], ["750", "g", 1.45]] },
      price: [14, 24, 0.5],
      items: [
        e("Маргарита", "Margherita", "玛格丽特披萨",
          t("томатный соус, моцарелла, базилик", "tomato sauce, mozzarella, basil", "番茄酱、马苏里拉奶酪、罗勒")),
        e("Пепперони", "Pepperoni", "意式辣香肠披萨",
          t("томатный соус, моцарелла, пепперони", "tomato sauce, mozzarella, pepperoni", "番茄酱、马苏里拉奶酪、意式辣香肠")),
        e("Четыре сыра", "Four cheese", "四种奶酪披萨",
          t("моцарелла, дор блю, пармезан, чеддер, сливочный соус", "mozzarella, dor blue, parmesan, cheddar, cream sauce", "马苏里拉、蓝纹奶酪、帕尔马干酪、切达、奶油酱")),
        e("Гавайская", "Hawaiian", "夏威夷披萨",
          t("томатный соус, моцарелла, ветчина, ананас", "tomato sauce, mozzarella, ham, pineapple", "番茄酱、马苏里拉奶酪、火腿、菠萝")),
        e("Мясная", "Meat feast", "肉食者披萨",
          t("томатный соус, моцарелла, бекон, салями, ветчина, курица", "tomato sauce, mozzarella, bacon, salami, ham, chicken", "番茄酱、马苏里拉奶酪、培根、萨拉米、火腿、鸡肉")),
        e("Грибная с трюфельным маслом", "Mushroom with truffle oil", "松露油蘑菇披萨",
          t("сливочный соус, моцарелла, шампиньоны, вешенки, трюфельное масло", "cream sauce, mozzarella, mushrooms, oyster mushrooms, truffle oil", "奶油酱、马苏里拉奶酪、蘑菇、平菇、松露油")),
        e("Цезарь", "Caesar pizza", "凯撒披萨",
          t("соус цезарь, моцарелла, курица, романо, пармезан", "Caesar sauce, mozzarella, chicken, romaine, parmesan", "凯撒酱、马苏里拉奶酪、鸡肉、罗马生菜、帕尔马干酪")),
      ],
    },
    {
      name: t("Бургеры и сэндвичи", "Burgers and sandwiches", "汉堡和三明治"),
      icon: "🍔",
      glyph: "burger",
      palette: AMBER,
      label: INGREDIENTS,
      note: t("Подаются с картофелем фри", "Served with French fries", "配薯条"),
      portions: { kind: "range", unit: "g", min: 320, max: 450 },
      price: [14, 25, 0.5],
      items: [
        e("Классический бургер", "Classic burger", "经典汉堡",
          t("булочка бриошь, говяжья котлета, томаты, огурцы, соус", "brioche bun, beef patty, tomatoes, pickles, sauce", "布里欧修面包、牛肉饼、番茄、酸黄瓜、酱汁")),
        e("Чизбургер с беконом", "Bacon cheeseburger", "培根芝士汉堡",
          t("говяжья котлета, чеддер, бекон, лук фри, соус BBQ", "beef patty, cheddar, bacon, fried onion, BBQ sauce", "牛肉饼、切达奶酪、培根、炸洋葱、烧烤酱")),
        e("Бургер с курицей", "Chicken burger", "鸡肉汉堡",
          t("куриное филе в панировке, салат айсберг, соус ранч", "breaded chicken, iceberg lettuce, ranch sauce", "裹粉鸡排、球生菜、田园酱")),
        e("Веджи-бургер", "Veggie burger", "素食汉堡",
          t("котлета из нута, авокадо, томаты, руккола", "chickpea patty, avocado, tomatoes, arugula", "鹰嘴豆饼、牛油果、番茄、芝麻菜")),
        e("Клаб-сэндвич", "Club sandwich", "总汇三明治",
          t("тост, курица, бекон, яйцо, томаты, салат", "toast, chicken, bacon, egg, tomatoes, lettuce", "吐司、鸡肉、培根、鸡蛋、番茄、生菜")),
        e("Сэндвич с ростбифом", "Roast beef sandwich", "烤牛肉三明治",
          t("чиабатта, ростбиф, руккола, вяленые томаты, горчичный соус", "ciabatta, roast beef, arugula, sun-dried tomatoes, mustard sauce", "恰巴塔面包、烤牛肉、芝麻菜、油浸番茄干、芥末酱")),
      ],
    },
    {
      name: t("Десерты", "Desserts", "甜点"),
      icon: "🍰",
      glyph: "cake",
      palette: ROSE,
      children: [
        {
          name: t("Торты и пирожные", "Cakes and pastries", "蛋糕和糕点"),
          icon: "🎂",
          glyph: "cake",
          palette: ROSE,
          label: INGREDIENTS,
          portions: { kind: "range", unit: "g", min: 110, max: 180 },
          price: [6, 12, 0.1],
          items: [
            e("Чизкейк Нью-Йорк", "New York cheesecake", "纽约芝士蛋糕",
              t("сливочный сыр, песочная основа, ягодный соус", "cream cheese, shortbread base, berry sauce", "奶油奶酪、酥饼底、浆果酱")),
            e("Тирамису", "Tiramisu", "提拉米苏",
              t("маскарпоне, савоярди, эспрессо, какао", "mascarpone, savoiardi, espresso, cocoa", "马斯卡彭奶酪、手指饼干、浓缩咖啡、可可")),
            e("Медовик", "Honey cake", "俄式蜂蜜蛋糕",
              t("медовые коржи, сметанный крем", "honey sponge layers, sour cream frosting", "蜂蜜蛋糕层、酸奶油霜")),
            e("Наполеон", "Napoleon cake", "拿破仑蛋糕",
              t("слоёное тесто, заварной крем", "puff pastry, custard", "千层酥皮、卡仕达酱")),
            e("Шоколадный фондан", "Chocolate fondant", "熔岩巧克力蛋糕",
              t("тёмный шоколад, сливочное масло, шарик пломбира", "dark chocolate, butter, a scoop of ice cream", "黑巧克力、黄油、一球冰淇淋")),
            e("Яблочный штрудель", "Apple strudel", "苹果卷",
              t("тонкое тесто, яблоки, корица, ванильный соус", "thin pastry, apples, cinnamon, vanilla sauce", "薄酥皮、苹果、肉桂、香草酱")),
          ],
        },
        {
          name: t("Мороженое", "Ice cream", "冰淇淋"),
          icon: "🍨",
          glyph: "icecream",
          palette: BERRY,
          note: t("1, 2 или 3 шарика", "1, 2 or 3 scoops", "1、2或3球"),
          portions: { kind: "sizes", sizes: [["50", "g", 1], ["100", "g", 1.8], ["150", "g", 2.5]] },
          price: [2.5, 3.5, 0.1],
          items: [
            e("Пломбир ванильный", "Vanilla ice cream", "香草冰淇淋"),
            e("Шоколадное", "Chocolate ice cream", "巧克力冰淇淋"),
            e("Фисташковое", "Pistachio ice cream", "开心果冰淇淋"),
            e("Сорбет манго", "Mango sorbet", "芒果雪葩"),
          ],
        },
      ],
    },
  ],
};

const CUPS: readonly Size[] = [["200", "ml", 1], ["300", "ml", 1.25], ["400", "ml", 1.5]];

const DRINKS: SectionSpec = {
  section: "drinks",
  type: "products",
  kind: "product",
  categories: [
    {
      name: t("Кофе", "Coffee", "咖啡"),
      icon: "☕",
      glyph: "coffee",
      palette: COFFEE,
      children: [
        {
          name: t("Классический кофе", "Classic coffee", "经典咖啡"),
          icon: "☕",
          glyph: "coffee",
          palette: COFFEE,
          label: INGREDIENTS,
          note: t("Молоко можно заменить на растительное", "Plant-based milk on request", "可换成植物奶"),
          portions: { kind: "some", sizes: CUPS },
          price: [3.5, 6.5, 0.1],
          items: [
            e("Эспрессо", "Espresso", "意式浓缩咖啡", t("арабика 100%", "100% arabica", "100%阿拉比卡"), { sizes: [["30", "ml", 1], ["60", "ml", 1.5]] }),
            e("Американо", "Americano", "美式咖啡", t("эспрессо, горячая вода", "espresso, hot water", "浓缩咖啡、热水")),
            e("Капучино", "Cappuccino", "卡布奇诺", t("эспрессо, молоко, молочная пена", "espresso, milk, milk foam", "浓缩咖啡、牛奶、奶泡")),
            e("Латте", "Latte", "拿铁", t("эспрессо, молоко", "espresso, milk", "浓缩咖啡、牛奶")),
            e("Флэт уайт", "Flat white", "馥芮白", t("двойной эспрессо, молоко", "double espresso, milk", "双份浓缩咖啡、牛奶"), { sizes: [["200", "ml", 1]] }),
            e("Раф", "Raf coffee", "拉夫咖啡", t("эспрессо, сливки, ванильный сахар", "espresso, cream, vanilla sugar", "浓缩咖啡、奶油、香草糖")),
            e("Какао с маршмеллоу", "Cocoa with marshmallows", "棉花糖可可", t("какао, молоко, маршмеллоу", "cocoa, milk, marshmallows", "可可、牛奶、棉花糖")),
            e("Айс латте", "Iced latte", "冰拿铁", t("эспрессо, молоко, лёд", "espresso, milk, ice", "浓缩咖啡、牛奶、冰块")),
            e("Кофе по-восточному в турке", "Turkish coffee brewed in a cezve", "土耳其壶煮咖啡",
              t("молотая арабика, кардамон, сахар по желанию", "ground arabica, cardamom, sugar to taste", "研磨阿拉比卡、小豆蔻、糖可选"),
              { only: "center", sizes: [["100", "ml", 1]] }),
          ],
        },
        {
          name: t("Авторский кофе", "Signature coffee", "特调咖啡"),
          icon: "✨",
          glyph: "latte",
          palette: PEACH,
          label: INGREDIENTS,
          portions: { kind: "some", sizes: [["300", "ml", 1], ["400", "ml", 1.2]] },
          price: [6.5, 9, 0.1],
          items: [
            e("Лавандовый раф", "Lavender raf", "薰衣草拉夫咖啡", t("эспрессо, сливки, лавандовый сироп", "espresso, cream, lavender syrup", "浓缩咖啡、奶油、薰衣草糖浆")),
            e("Латте «Солёная карамель»", "Salted caramel latte", "海盐焦糖拿铁", t("эспрессо, молоко, карамель, морская соль", "espresso, milk, caramel, sea salt", "浓缩咖啡、牛奶、焦糖、海盐")),
            e("Бамбл", "Bumble coffee", "大黄蜂咖啡", t("апельсиновый фреш, карамельный сироп, эспрессо, лёд", "fresh orange juice, caramel syrup, espresso, ice", "鲜榨橙汁、焦糖糖浆、浓缩咖啡、冰块")),
            e("Эспрессо-тоник", "Espresso tonic", "浓缩咖啡汤力", t("тоник, эспрессо, лёд, цедра лайма", "tonic, espresso, ice, lime zest", "汤力水、浓缩咖啡、冰块、青柠皮")),
            e("Латте с халвой", "Halva latte", "哈尔瓦拿铁", t("эспрессо, молоко, подсолнечная халва", "espresso, milk, sunflower halva", "浓缩咖啡、牛奶、葵花籽哈尔瓦")),
          ],
        },
      ],
    },
    {
      name: t("Чай", "Tea", "茶"),
      icon: "🫖",
      glyph: "teapot",
      palette: MINT,
      label: FLAVOUR,
      note: t("Чайник 500 мл или 1 л", "Teapot of 500 ml or 1 l", "茶壶500毫升或1升"),
      portions: { kind: "sizes", sizes: [["500", "ml", 1], ["1", "l", 1.6]] },
      price: [5, 9, 0.5],
      items: [
        e("Чёрный с чабрецом", "Black tea with thyme", "百里香红茶", t("цейлонский чай, чабрец", "Ceylon tea, thyme", "锡兰红茶、百里香")),
        e("Эрл Грей", "Earl Grey", "伯爵茶", t("чёрный чай, бергамот", "black tea, bergamot", "红茶、佛手柑")),
        e("Сенча", "Sencha", "煎茶", t("японский зелёный чай, травянистые ноты", "Japanese green tea, grassy notes", "日本绿茶、青草香")),
        e("Молочный улун", "Milk oolong", "奶香乌龙", t("сливочный, мягкий", "creamy, mellow", "奶香、柔和")),
        e("Шу пуэр", "Shu pu-erh", "熟普洱", t("землистый, с ореховым послевкусием", "earthy with a nutty finish", "醇厚、带坚果余韵")),
        e("Облепиховый с мёдом", "Sea buckthorn tea with honey", "沙棘蜂蜜茶", t("облепиха, мёд, апельсин, корица", "sea buckthorn, honey, orange, cinnamon", "沙棘、蜂蜜、橙子、肉桂")),
        e("Имбирный с лимоном", "Ginger tea with lemon", "姜柠檬茶", t("имбирь, лимон, мёд", "ginger, lemon, honey", "生姜、柠檬、蜂蜜")),
        e("Ягодный травяной", "Berry herbal tea", "浆果花草茶", t("малина, смородина, шиповник, мята", "raspberry, currant, rosehip, mint", "覆盆子、醋栗、玫瑰果、薄荷")),
      ],
    },
    {
      name: t("Лимонады и морсы", "Lemonades and berry drinks", "柠檬水和果饮"),
      icon: "🍋",
      glyph: "lemonade",
      palette: SUN,
      label: INGREDIENTS,
      portions: { kind: "sizes", sizes: [["400", "ml", 1], ["1", "l", 2.2]] },
      price: [5, 7.5, 0.5],
      items: [
        e("Классический лимонад", "Classic lemonade", "经典柠檬水", t("лимон, тростниковый сахар, газированная вода", "lemon, cane sugar, sparkling water", "柠檬、蔗糖、苏打水")),
        e("Манго-маракуйя", "Mango and passion fruit", "芒果百香果", t("пюре манго, маракуйя, лайм, содовая", "mango purée, passion fruit, lime, soda", "芒果泥、百香果、青柠、苏打水")),
        e("Клубника-базилик", "Strawberry and basil", "草莓罗勒", t("клубника, базилик, лимон, содовая", "strawberry, basil, lemon, soda", "草莓、罗勒、柠檬、苏打水")),
        e("Тархун", "Tarragon lemonade", "龙蒿柠檬水", t("тархун, лайм, содовая", "tarragon, lime, soda", "龙蒿、青柠、苏打水")),
        e("Огурец-мята", "Cucumber and mint", "黄瓜薄荷", t("огурец, мята, лайм, тоник", "cucumber, mint, lime, tonic", "黄瓜、薄荷、青柠、汤力水")),
        e("Клюквенный морс", "Cranberry mors", "蔓越莓果饮", t("клюква, мёд, вода", "cranberries, honey, water", "蔓越莓、蜂蜜、水")),
        e("Квас домашний", "Homemade kvass", "自制格瓦斯", t("ржаной хлеб, изюм, мята", "rye bread, raisins, mint", "黑麦面包、葡萄干、薄荷"), { only: "park" }),
      ],
    },
    {
      name: t("Соки и воды", "Juices and soft drinks", "果汁和软饮"),
      icon: "🥤",
      glyph: "bottle",
      palette: SKY,
      price: [3, 7, 0.5],
      portions: { kind: "sizes", sizes: [["330", "ml", 1]] },
      items: [
        e("Coca-Cola", "Coca-Cola", "可口可乐"),
        e("Sprite", "Sprite", "雪碧"),
        e("Вода минеральная газированная", "Sparkling mineral water", "含气矿泉水", undefined, { sizes: [["500", "ml", 1]] }),
        e("Вода минеральная без газа", "Still mineral water", "不含气矿泉水", undefined, { sizes: [["500", "ml", 1]] }),
        e("Сок в ассорт.", "Juice (assorted)", "果汁（多种口味）",
          t("апельсин, яблоко, томат, вишня", "orange, apple, tomato, cherry", "橙子、苹果、番茄、樱桃"), { sizes: [["250", "ml", 1], ["1", "l", 3.5]] }),
        e("Апельсиновый фреш", "Fresh orange juice", "鲜榨橙汁", undefined, { sizes: [["250", "ml", 1]] }),
        e("Молочный коктейль", "Milkshake", "奶昔",
          t("ваниль, клубника или шоколад", "vanilla, strawberry or chocolate", "香草、草莓或巧克力"), { sizes: [["350", "ml", 1]] }),
      ],
    },
    {
      name: t("Коктейли", "Cocktails", "鸡尾酒"),
      icon: "🍸",
      glyph: "martini",
      palette: PLUM,
      children: [
        {
          name: t("Классические коктейли", "Classic cocktails", "经典鸡尾酒"),
          icon: "🍸",
          glyph: "martini",
          palette: PLUM,
          label: INGREDIENTS,
          note: t("Только для гостей старше 18 лет", "Only for guests over 18", "仅限18岁以上顾客"),
          portions: { kind: "range", unit: "ml", min: 150, max: 300 },
          price: [12, 19, 0.5],
          items: [
            e("Апероль шприц", "Aperol Spritz", "阿佩罗橙光气泡酒", t("апероль, просекко, содовая, апельсин", "Aperol, prosecco, soda, orange", "阿佩罗、普洛赛克、苏打水、橙子")),
            e("Мохито", "Mojito", "莫吉托", t("белый ром, мята, лайм, тростниковый сахар, содовая", "white rum, mint, lime, cane sugar, soda", "白朗姆酒、薄荷、青柠、蔗糖、苏打水")),
            e("Негрони", "Negroni", "尼格罗尼", t("джин, кампари, красный вермут", "gin, Campari, red vermouth", "金酒、金巴利、红味美思")),
            e("Пина колада", "Piña colada", "椰林飘香", t("ром, кокосовый ликёр, ананасовый сок, сливки", "rum, coconut liqueur, pineapple juice, cream", "朗姆酒、椰子利口酒、菠萝汁、奶油")),
            e("Маргарита", "Margarita", "玛格丽特", t("текила, трипл сек, лайм, соль", "tequila, triple sec, lime, salt", "龙舌兰、橙皮利口酒、青柠、盐")),
            e("Лонг-Айленд", "Long Island iced tea", "长岛冰茶", t("водка, джин, ром, текила, трипл сек, кола", "vodka, gin, rum, tequila, triple sec, cola", "伏特加、金酒、朗姆酒、龙舌兰、橙皮利口酒、可乐")),
          ],
        },
        {
          name: t("Безалкогольные коктейли", "Alcohol-free cocktails", "无酒精鸡尾酒"),
          icon: "🍹",
          glyph: "mocktail",
          palette: ROSE,
          label: INGREDIENTS,
          portions: { kind: "sizes", sizes: [["350", "ml", 1]] },
          price: [7, 10, 0.5],
          items: [
            e("Мохито б/а", "Virgin mojito", "无酒精莫吉托", t("мята, лайм, тростниковый сахар, содовая", "mint, lime, cane sugar, soda", "薄荷、青柠、蔗糖、苏打水")),
            e("Пина колада б/а", "Virgin piña colada", "无酒精椰林飘香", t("кокосовый сироп, ананасовый сок, сливки", "coconut syrup, pineapple juice, cream", "椰子糖浆、菠萝汁、奶油")),
            e("Ягодный смузи", "Berry smoothie", "浆果冰沙", t("клубника, черника, банан, йогурт", "strawberry, blueberry, banana, yogurt", "草莓、蓝莓、香蕉、酸奶")),
            e("Сангрия б/а", "Alcohol-free sangria", "无酒精桑格利亚", t("виноградный сок, апельсин, яблоко, корица", "grape juice, orange, apple, cinnamon", "葡萄汁、橙子、苹果、肉桂")),
          ],
        },
      ],
    },
    {
      name: t("Пиво и сидр", "Beer and cider", "啤酒和苹果酒"),
      icon: "🍺",
      glyph: "beer",
      palette: AMBER,
      label: FLAVOUR,
      portions: { kind: "sizes", sizes: [["0.5", "l", 1], ["1", "l", 1.9]] },
      price: [5, 9, 0.5],
      items: [
        e("Светлое разливное", "Draught lager", "生啤（淡色）", t("лёгкое, с хлебными нотами", "light, with bready notes", "清爽，带麦香")),
        e("Тёмное разливное", "Draught dark beer", "生啤（黑啤）", t("карамель, обжаренный солод", "caramel, roasted malt", "焦糖、烘焙麦芽")),
        e("Пшеничное нефильтрованное", "Unfiltered wheat beer", "未过滤小麦啤酒", t("банан, гвоздика, мягкая горчинка", "banana, clove, soft bitterness", "香蕉、丁香、柔和苦味")),
        e("IPA", "IPA", "印度淡色艾尔", t("цитрус, хвоя, выраженная горечь", "citrus, pine, pronounced bitterness", "柑橘、松针、明显苦味")),
        e("Сидр яблочный", "Apple cider", "苹果酒", t("сухой, свежее яблоко", "dry, fresh apple", "干型、新鲜苹果")),
        e("Безалкогольное пиво", "Alcohol-free beer", "无醇啤酒", t("светлое, 0,5%", "lager, 0.5%", "淡啤，0.5%"), { sizes: [["0.5", "l", 1]] }),
      ],
    },
    {
      name: t("Вино", "Wine", "葡萄酒"),
      icon: "🍷",
      glyph: "wine",
      palette: WINE,
      label: FLAVOUR,
      note: t("Бокал 150 мл или бутылка 750 мл", "A 150 ml glass or a 750 ml bottle", "一杯150毫升或一瓶750毫升"),
      portions: { kind: "sizes", sizes: [["150", "ml", 1], ["750", "ml", 4.6]] },
      price: [10, 17, 0.5],
      items: [
        e("Пино Гриджо, Италия", "Pinot Grigio, Italy", "灰皮诺（意大利）", t("груша, белые цветы, свежая кислотность", "pear, white flowers, fresh acidity", "梨、白花、清新酸度")),
        e("Совиньон блан, Новая Зеландия", "Sauvignon Blanc, New Zealand", "长相思（新西兰）", t("крыжовник, маракуйя, цитрус", "gooseberry, passion fruit, citrus", "醋栗、百香果、柑橘")),
        e("Рислинг, Германия", "Riesling, Germany", "雷司令（德国）", t("зелёное яблоко, персик, минеральность", "green apple, peach, minerality", "青苹果、桃子、矿物感")),
        e("Мерло, Франция", "Merlot, France", "梅洛（法国）", t("слива, вишня, мягкие танины", "plum, cherry, soft tannins", "李子、樱桃、柔和单宁")),
        e("Кьянти, Италия", "Chianti, Italy", "基安蒂（意大利）", t("красная вишня, травы, специи", "red cherry, herbs, spice", "红樱桃、草本、香料")),
        e("Мальбек, Аргентина", "Malbec, Argentina", "马尔贝克（阿根廷）", t("ежевика, фиалка, ваниль", "blackberry, violet, vanilla", "黑莓、紫罗兰、香草")),
        e("Просекко, Италия", "Prosecco, Italy", "普洛赛克（意大利）", t("яблоко, акация, тонкие пузырьки", "apple, acacia, fine bubbles", "苹果、槐花、细腻气泡")),
      ],
    },
  ],
};

const HOOKAHS: SectionSpec = {
  section: "hookahs",
  type: "hookahs",
  kind: "hookah",
  categories: [
    {
      name: t("Классические кальяны", "Classic hookahs", "经典水烟"),
      icon: "💨",
      glyph: "hookah",
      palette: NIGHT,
      label: FLAVOUR,
      note: t("Около 60 минут курения", "About 60 minutes of smoking", "约可抽60分钟"),
      portions: { kind: "sizes", sizes: [["1", "pieces", 1]] },
      price: [30, 40, 1],
      items: [
        e("Двойное яблоко", "Double apple", "双苹果", t("красное и зелёное яблоко, анис", "red and green apple, anise", "红苹果和青苹果、茴香")),
        e("Мята и лимон", "Mint and lemon", "薄荷柠檬", t("свежая мята, лимонная цедра", "fresh mint, lemon zest", "新鲜薄荷、柠檬皮")),
        e("Арбуз и дыня", "Watermelon and melon", "西瓜蜜瓜", t("спелый арбуз, медовая дыня", "ripe watermelon, honeydew melon", "熟西瓜、蜜瓜")),
        e("Черника и ваниль", "Blueberry and vanilla", "蓝莓香草", t("черника, ванильный крем", "blueberry, vanilla cream", "蓝莓、香草奶油")),
        e("Персиковый холодный чай", "Peach iced tea", "桃子冰茶", t("персик, чёрный чай, лёд", "peach, black tea, ice", "桃子、红茶、冰凉感")),
        e("Хвоя и лесные ягоды", "Pine and forest berries", "松针森林浆果", t("хвоя, брусника, черника", "pine needles, lingonberry, blueberry", "松针、越橘、蓝莓"), { only: "park" }),
      ],
    },
    {
      name: t("Премиум кальяны", "Premium hookahs", "高级水烟"),
      icon: "👑",
      glyph: "hookah",
      palette: SMOKE,
      label: FLAVOUR,
      note: t("Цена в долларах США, оплата в BYN по курсу", "Priced in US dollars, paid in BYN at the current rate", "以美元计价，按汇率以白俄罗斯卢布支付"),
      portions: { kind: "sizes", sizes: [["1", "pieces", 1]] },
      price: [18, 32, 1],
      currency: "USD",
      items: [
        e("Кальян на грейпфруте", "Hookah on a grapefruit bowl", "西柚碗水烟", t("грейпфрут, цитрусовый микс", "grapefruit, citrus blend", "西柚、柑橘混合")),
        e("Кальян на ананасе", "Hookah on a pineapple bowl", "菠萝碗水烟", t("ананас, тропический микс", "pineapple, tropical blend", "菠萝、热带水果混合")),
        e("Авторский микс кальянного мастера", "Hookah master's signature blend", "水烟师特调", t("по настроению гостя", "to the guest's mood", "按顾客喜好调配")),
        e("Кальян на тёмном табаке", "Dark leaf hookah", "深色烟叶水烟", t("крепкий, насыщенный", "strong, rich", "浓烈、醇厚")),
      ],
    },
    {
      name: t("Дополнительно", "Extras", "附加项目"),
      icon: "➕",
      glyph: "hookah",
      palette: SKY,
      portions: { kind: "sizes", sizes: [["1", "pieces", 1]] },
      price: [5, 15, 1],
      items: [
        e("Замена чаши", "Bowl refill", "更换烟碗"),
        e("Ледяная колба", "Ice flask", "冰镇烟瓶"),
        e("Молоко или сок в колбу", "Milk or juice in the flask", "烟瓶加牛奶或果汁"),
      ],
    },
  ],
};

const GAMES: SectionSpec = {
  section: "games",
  type: "entertainment",
  kind: "game",
  categories: [
    {
      name: t("Настольные игры", "Board games", "桌游"),
      icon: "🎲",
      glyph: "dice",
      palette: FRESH,
      label: t("Игроки и время:", "Players and time:", "人数和时长："),
      note: t("Правила объяснит администратор", "Our host will explain the rules", "工作人员可讲解规则"),
      portions: { kind: "sizes", sizes: [["1", "pieces", 1]] },
      price: [5, 10, 1],
      items: [
        e("Каркассон", "Carcassonne", "卡卡颂", t("2–5 игроков, 45 минут", "2–5 players, 45 minutes", "2–5人，45分钟")),
        e("Колонизаторы", "Catan", "卡坦岛", t("3–4 игрока, 90 минут", "3–4 players, 90 minutes", "3–4人，90分钟")),
        e("Мафия", "Mafia", "杀人游戏", t("6–12 игроков, 40 минут", "6–12 players, 40 minutes", "6–12人，40分钟")),
        e("Имаджинариум", "Imaginarium", "妙语说书人", t("3–7 игроков, 45 минут", "3–7 players, 45 minutes", "3–7人，45分钟")),
        e("Дженга", "Jenga", "叠叠乐", t("2–8 игроков, 15 минут", "2–8 players, 15 minutes", "2–8人，15分钟")),
        e("UNO", "UNO", "UNO", t("2–10 игроков, 20 минут", "2–10 players, 20 minutes", "2–10人，20分钟")),
        e("Крокодил", "Charades", "你比我猜", t("4–16 игроков, 30 минут", "4–16 players, 30 minutes", "4–16人，30分钟")),
        e("Шахматы", "Chess", "国际象棋", t("2 игрока, без ограничения времени", "2 players, no time limit", "2人，不限时")),
        e("Монополия", "Monopoly", "大富翁", t("2–6 игроков, 120 минут", "2–6 players, 120 minutes", "2–6人，120分钟")),
        e("Ужас Аркхэма", "Arkham Horror", "魔镇惊魂", t("1–6 игроков, 180 минут", "1–6 players, 180 minutes", "1–6人，180分钟"), { only: "center" }),
      ],
    },
    {
      name: t("PlayStation 5", "PlayStation 5", "PlayStation 5"),
      icon: "🎮",
      glyph: "gamepad",
      palette: NIGHT,
      label: t("Об игре:", "About:", "简介："),
      note: t("Одна порция — один час игры", "One portion is one hour of play", "每份为一小时游戏时间"),
      portions: { kind: "sizes", sizes: [["1", "pieces", 1], ["2", "pieces", 1.8], ["3", "pieces", 2.5]] },
      price: [12, 16, 1],
      items: [
        e("EA Sports FC 25", "EA Sports FC 25", "EA Sports FC 25", t("1–4 игрока, футбол", "1–4 players, football", "1–4人，足球")),
        e("Mortal Kombat 1", "Mortal Kombat 1", "真人快打1", t("1–2 игрока, файтинг", "1–2 players, fighting", "1–2人，格斗")),
        e("Gran Turismo 7", "Gran Turismo 7", "GT赛车7", t("1–2 игрока, гонки", "1–2 players, racing", "1–2人，赛车")),
        e("It Takes Two", "It Takes Two", "双人成行", t("2 игрока, кооператив", "2 players, co-op", "2人，合作")),
      ],
    },
  ],
};

export const SECTIONS_SPEC: SectionSpec[] = [KITCHEN, DRINKS, HOOKAHS, GAMES];

export type PromotionSpec = { header: Tri; text: Tri; bold: Tri; glyphs: Glyph[]; palette: Palette };
export type PromotionCategorySpec = { name: Tri; icon: string; promotions: PromotionSpec[] };

export const PROMOTIONS: PromotionCategorySpec[] = [
  {
    name: t("Акции", "Special offers", "优惠活动"),
    icon: "🏷️",
    promotions: [
      {
        header: t("Счастливые часы", "Happy hours", "欢乐时光"),
        bold: t("−20% на все коктейли", "20% off all cocktails", "所有鸡尾酒八折"),
        text: t(" по будням с 17:00 до 19:00.", " on weekdays from 17:00 to 19:00.", "，工作日17:00至19:00。"),
        glyphs: ["martini", "mocktail", "wine"],
        palette: PLUM,
      },
      {
        header: t("Завтрак + кофе", "Breakfast + coffee", "早餐+咖啡"),
        bold: t("Любой завтрак и капучино за 15 BYN", "Any breakfast with a cappuccino for 15 BYN", "任意早餐配卡布奇诺仅需15白俄罗斯卢布"),
        text: t(" каждый день до 12:00.", " every day until 12:00.", "，每天12:00前供应。"),
        glyphs: ["egg", "coffee"],
        palette: SUN,
      },
      {
        header: t("Именинникам −15%", "Birthday: 15% off", "生日优惠85折"),
        bold: t("Скидка 15% на всё меню", "15% off the whole menu", "全单85折"),
        text: t(" в день рождения и три дня после. Покажите документ официанту.", " on your birthday and the three days after. Show an ID to your waiter.", "，生日当天及之后三天有效。请向服务员出示证件。"),
        glyphs: ["cake"],
        palette: ROSE,
      },
    ],
  },
  {
    name: t("События", "Events", "活动"),
    icon: "📅",
    promotions: [
      {
        header: t("Турнир по FC 25", "FC 25 tournament", "FC 25锦标赛"),
        bold: t("Каждую пятницу в 20:00", "Every Friday at 20:00", "每周五20:00"),
        text: t(" — турнир на PlayStation 5. Победитель получает кальян в подарок.", " — a PlayStation 5 tournament. The winner gets a free hookah.", "举行PlayStation 5锦标赛，冠军可获赠水烟一份。"),
        glyphs: ["gamepad", "hookah"],
        palette: NIGHT,
      },
      {
        header: t("Вечер настольных игр", "Board game night", "桌游之夜"),
        bold: t("Каждую среду с 19:00", "Every Wednesday from 19:00", "每周三19:00起"),
        text: t(" — ведущий объяснит правила и подберёт игру для компании.", " — our host explains the rules and finds a game for your group.", "，主持人讲解规则并为您推荐合适的游戏。"),
        glyphs: ["dice"],
        palette: FRESH,
      },
    ],
  },
];

export const ABBREVIATIONS: readonly (readonly [string, string])[] = [
  ["с/м", "свежемороженый"],
  ["б/к", "без косточки"],
  ["б/а", "безалкогольный"],
  ["в ассорт.", "в ассортименте"],
];

/** Per store: name, address, phones, hours, social links, SEO, Wi-Fi and the logo's look. */
export const STORES = {
  center: {
    name: "Демо Центр",
    address: "г. Минск, пр-т Независимости, 21",
    // The name in English; the address and phone notes (in the phones' order) in every menu language.
    translations: {
      en: { name: "Demo Center", address: "21 Independence Ave, Minsk", phones: ["Table booking", "Delivery"] },
      zh: { address: "明斯克独立大街21号", phones: ["订座", "外卖"] },
    },
    phones: [
      { description: "Бронирование столов", number: "+375 29 123-45-67" },
      { description: "Доставка", number: "+375 33 765-43-21" },
    ],
    working_hours: [
      { days: ["mon", "tue", "wed", "thu"], open: "10:00", close: "23:00" },
      { days: ["fri", "sat"], open: "10:00", close: "02:00" },
      { days: ["sun"], open: "11:00", close: "23:00" },
    ],
    socials: [
      { network: "instagram", url: "https://instagram.com/demo.center.menu" },
      { network: "telegram", url: "https://t.me/demo_center_menu" },
    ],
    seo_title: "Демо Центр — кафе, бар и кальянная в центре Минска",
    seo_description: "Завтраки до полудня, паста и стейки, авторский кофе, коктейли, кальяны и настольные игры на проспекте Независимости.",
    wifi: { ssid: "DemoCenter_Guest", encryption: "WPA" as const, hidden: false, password: "welcome2026" },
    reviews_org_id: "1234567890",
    logo: { glyph: "coffee" as Glyph, accent: "#c0392b" },
  },
  park: {
    name: "Демо Парк",
    address: "г. Минск, ул. Мельникайте, 2, у Парка Победы",
    translations: {
      en: { name: "Demo Park", address: "2 Melnikaite St, by Victory Park, Minsk", phones: ["Table booking", "Banquets and events"] },
      zh: { address: "明斯克梅尔尼凯特街2号，胜利公园旁", phones: ["订座", "宴会与活动"] },
      ar: { address: "مينسك، شارع ميلنيكايته 2، بجوار حديقة النصر", phones: ["حجز الطاولات", "الولائم والمناسبات"] },
      tr: { address: "Melnikaite Sok. 2, Zafer Parkı yanı, Minsk", phones: ["Masa rezervasyonu", "Ziyafetler ve etkinlikler"] },
      fr: { address: "2, rue Melnikaite, près du parc de la Victoire, Minsk", phones: ["Réservation de tables", "Banquets et événements"] },
    },
    phones: [
      { description: "Бронирование столов", number: "+375 29 765-43-21" },
      { description: "Банкеты и мероприятия", number: "+375 44 555-12-34" },
    ],
    working_hours: [
      { days: ["mon", "tue", "wed", "thu"], open: "12:00", close: "00:00" },
      { days: ["fri", "sat"], open: "12:00", close: "03:00" },
      { days: ["sun"], open: "12:00", close: "00:00" },
    ],
    socials: [
      { network: "instagram", url: "https://instagram.com/demo.park.menu" },
      { network: "telegram", url: "https://t.me/demo_park_menu" },
    ],
    seo_title: "Демо Парк — летняя терраса, гриль и кальяны у Парка Победы",
    seo_description: "Шашлык и блюда на гриле, домашний квас, коктейли, кальяны и PlayStation 5 в Минске у Парка Победы.",
    wifi: { ssid: "DemoPark_Guest", encryption: "WPA" as const, hidden: false, password: "parkwelcome26" },
    reviews_org_id: "1234567891",
    logo: { glyph: "hookah" as Glyph, accent: "#1e8449" },
  },
} as const;

export type StoreKey = keyof typeof STORES;
