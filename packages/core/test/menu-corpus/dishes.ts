/**
 * What the corpus menus are made of: categories with their dishes in Russian, Belarusian and
 * English ([ru, be, en]), each with a usual portion. menus.ts picks from these with a seeded
 * generator, so every menu is the same on every machine.
 */
export type Tri = readonly [ru: string, be: string, en: string];
export type PoolDish = { title: Tri; description?: Tri; weight: number };
export type PoolCategory = {
  section: "kitchen" | "drinks" | "hookahs";
  name: Tri;
  /** The unit its portions are given in. */
  unit: "g" | "ml" | "l" | "pieces";
  /** Prices are drawn between these (BYN). */
  price: readonly [number, number];
  dishes: readonly PoolDish[];
};

const d = (ru: string, be: string, en: string, weight: number, description?: Tri): PoolDish => ({ title: [ru, be, en], weight, ...(description ? { description } : {}) });

export const POOL: readonly PoolCategory[] = [
  {
    section: "kitchen",
    name: ["Салаты", "Салаты", "Salads"],
    unit: "g",
    price: [6, 18],
    dishes: [
      d("Цезарь с курицей", "Цэзар з курыцай", "Chicken Caesar", 250, ["Курица, романо, пармезан, соус цезарь", "Курыца, рамана, пармезан, соус цэзар", "Chicken, romaine, parmesan, Caesar dressing"]),
      d("Греческий", "Грэчаскі", "Greek salad", 220, ["Томаты, огурцы, фета, маслины", "Тамат, агуркі, фета, масліны", "Tomatoes, cucumbers, feta, olives"]),
      d("Оливье", "Алівье", "Olivier salad", 200),
      d("Салат с тунцом", "Салата з тунцом", "Tuna salad", 230, ["Тунец, яйцо, картофель, фасоль", "Тунец, яйка, бульба, фасоля", "Tuna, egg, potato, green beans"]),
      d("Винегрет", "Вінегрэт", "Beetroot salad", 180),
      d("Тёплый салат с говядиной", "Цёплая салата з ялавічынай", "Warm beef salad", 240, ["Говядина, руккола, вяленые томаты", "Ялавічына, рукола, вяленыя тамат", "Beef, rocket, sun-dried tomatoes"]),
      d("Капрезе", "Капрэзэ", "Caprese", 210),
      d("Салат из свежих овощей", "Салата са свежай гародніны", "Garden salad", 200),
      d("Салат с хрустящими баклажанами и кунжутом", "Салата з хрумсткімі баклажанамі і кунжутам", "Crispy aubergine salad with sesame seeds", 220),
    ],
  },
  {
    section: "kitchen",
    name: ["Супы", "Супы", "Soups"],
    unit: "g",
    price: [5, 12],
    dishes: [
      d("Борщ со сметаной", "Боршч са смятанай", "Borscht with sour cream", 300, ["Свёкла, капуста, говядина, сметана", "Бурак, капуста, ялавічына, смятана", "Beetroot, cabbage, beef, sour cream"]),
      d("Солянка мясная", "Салянка мясная", "Meat solyanka", 300),
      d("Куриный бульон с лапшой", "Курыны булён з локшынай", "Chicken noodle soup", 300),
      d("Грибной крем-суп", "Грыбны крэм-суп", "Mushroom cream soup", 250, ["Шампиньоны, сливки, гренки", "Шампіньёны, вяршкі, грэнкі", "Champignons, cream, croutons"]),
      d("Холодник", "Халаднік", "Cold beetroot soup", 300),
      d("Уха по-фински", "Юшка па-фінску", "Finnish salmon soup", 300),
      d("Томатный суп", "Таматны суп", "Tomato soup", 250),
      d("Суп-пюре из тыквы с имбирём и сливками", "Суп-пюрэ з гарбуза з імбірам і вяршкамі", "Pumpkin cream soup with ginger and cream", 300),
    ],
  },
  {
    section: "kitchen",
    name: ["Горячие блюда", "Гарачыя стравы", "Main courses"],
    unit: "g",
    price: [12, 38],
    dishes: [
      d("Драники со сметаной", "Дранікі са смятанай", "Potato pancakes", 250, ["Картофель, лук, сметана", "Бульба, цыбуля, смятана", "Potato, onion, sour cream"]),
      d("Мачанка с блинами", "Мачанка з блінамі", "Machanka with pancakes", 350),
      d("Стейк из свинины", "Стэйк са свініны", "Pork steak", 220, ["Свиная шея, соус барбекю", "Свіная шыя, соус барбекю", "Pork neck, barbecue sauce"]),
      d("Котлета по-киевски", "Катлета па-кіеўску", "Chicken Kiev", 200),
      d("Филе лосося на гриле", "Філе ласося на грылі", "Grilled salmon fillet", 180, ["Лосось, лимон, спаржа", "Ласось, лімон, спаржа", "Salmon, lemon, asparagus"]),
      d("Колдуны с мясом", "Калдуны з мясам", "Kalduny with meat", 280),
      d("Бефстроганов", "Бефстрогенаў", "Beef stroganoff", 250),
      d("Куриное филе с овощами", "Курынае філе з гароднінай", "Chicken breast with vegetables", 260),
      d("Стейк из мраморной говядины с овощами гриль", "Стэйк з мармуровай ялавічыны з гароднінай грыль", "Marbled beef steak with grilled vegetables", 300),
    ],
  },
  {
    section: "kitchen",
    name: ["Пицца", "Піца", "Pizza"],
    unit: "g",
    price: [14, 30],
    dishes: [
      d("Маргарита", "Маргарыта", "Margherita", 450, ["Томатный соус, моцарелла, базилик", "Таматны соус, мацарэла, базілік", "Tomato sauce, mozzarella, basil"]),
      d("Пепперони", "Пеперані", "Pepperoni", 480),
      d("Четыре сыра", "Чатыры сыры", "Four cheeses", 460),
      d("Гавайская", "Гавайская", "Hawaiian", 500),
      d("С грибами и ветчиной", "З грыбамі і вяндлінай", "Ham and mushrooms", 520),
      d("Вегетарианская", "Вегетарыянская", "Vegetarian", 470),
    ],
  },
  {
    section: "kitchen",
    name: ["Закуски", "Закускі", "Starters"],
    unit: "g",
    price: [5, 16],
    dishes: [
      d("Сырная тарелка", "Сырная талерка", "Cheese plate", 200, ["Четыре вида сыра, мёд, орехи", "Чатыры віды сыру, мёд, арэхі", "Four cheeses, honey, nuts"]),
      d("Сало с гренками", "Сала з грэнкамі", "Salo with croutons", 150),
      d("Брускетта с томатами", "Брускета з таматамі", "Tomato bruschetta", 160),
      d("Куриные крылья", "Курыныя крылцы", "Chicken wings", 300),
      d("Картофель фри", "Бульба фры", "French fries", 150),
      d("Соленья ассорти", "Саленні асарці", "Pickles", 250),
      d("Луковые кольца", "Цыбульныя кольцы", "Onion rings", 150),
      d("Ассорти из домашних колбасок с горчицей", "Асарці з хатніх каўбасак з гарчыцай", "Homemade sausage platter with mustard", 350),
    ],
  },
  {
    section: "kitchen",
    name: ["Десерты", "Дэсерты", "Desserts"],
    unit: "g",
    price: [4, 12],
    dishes: [
      d("Чизкейк Нью-Йорк", "Чызкейк Нью-Ёрк", "New York cheesecake", 150),
      d("Тирамису", "Тірамісу", "Tiramisu", 140, ["Маскарпоне, кофе, савоярди", "Маскарпонэ, кава, савоярдзі", "Mascarpone, coffee, ladyfingers"]),
      d("Медовик", "Мядоўнік", "Honey cake", 130),
      d("Мороженое", "Марожанае", "Ice cream", 120),
      d("Штрудель с яблоком", "Штрудзель з яблыкам", "Apple strudel", 160),
      d("Сырники со сметаной", "Сырнікі са смятанай", "Cottage cheese pancakes", 200),
      d("Шоколадный фондан с шариком мороженого", "Шакаладны фандан з шарыкам марожанага", "Chocolate fondant with a scoop of ice cream", 180),
    ],
  },
  {
    section: "kitchen",
    name: ["Завтраки", "Сняданкі", "Breakfast"],
    unit: "g",
    price: [6, 14],
    dishes: [
      d("Омлет с сыром", "Амлет з сырам", "Cheese omelette", 200),
      d("Овсяная каша", "Аўсяная каша", "Porridge", 250, ["Овсянка, ягоды, мёд", "Аўсянка, ягады, мёд", "Oats, berries, honey"]),
      d("Яйца Бенедикт", "Яйкі Бенедыкт", "Eggs Benedict", 220),
      d("Блины с творогом", "Бліны з тварагом", "Pancakes with cottage cheese", 230),
      d("Английский завтрак", "Англійскі сняданак", "Full English breakfast", 350),
    ],
  },
  {
    section: "kitchen",
    name: ["Пельмени", "Пельмені", "Dumplings"],
    unit: "pieces",
    price: [7, 15],
    dishes: [
      d("Пельмени с говядиной", "Пельмені з ялавічынай", "Beef dumplings", 12),
      d("Вареники с картофелем", "Варэнікі з бульбай", "Potato dumplings", 10),
      d("Вареники с вишней", "Варэнікі з вішняй", "Cherry dumplings", 10),
      d("Хинкали", "Хінкалі", "Khinkali", 5),
      d("Гёдза с курицей", "Гёдза з курыцай", "Chicken gyoza", 6),
    ],
  },
  {
    section: "drinks",
    name: ["Кофе", "Кава", "Coffee"],
    unit: "ml",
    price: [3, 8],
    dishes: [
      d("Эспрессо", "Эспрэса", "Espresso", 30),
      d("Американо", "Амерыкана", "Americano", 150),
      d("Капучино", "Капучына", "Cappuccino", 250),
      d("Латте", "Латэ", "Latte", 300),
      d("Раф ванильный", "Раф ванільны", "Vanilla raf", 300),
      d("Флэт уайт", "Флэт уайт", "Flat white", 200),
      d("Какао", "Какава", "Hot chocolate", 250),
    ],
  },
  {
    section: "drinks",
    name: ["Чай", "Гарбата", "Tea"],
    unit: "ml",
    price: [3, 9],
    dishes: [
      d("Чай чёрный", "Гарбата чорная", "Black tea", 400),
      d("Чай зелёный", "Гарбата зялёная", "Green tea", 400),
      d("Облепиховый чай", "Гарбата з абляпіхай", "Sea buckthorn tea", 500),
      d("Травяной сбор", "Травяны збор", "Herbal tea", 400),
      d("Имбирный чай", "Імбірная гарбата", "Ginger tea", 500),
    ],
  },
  {
    section: "drinks",
    name: ["Лимонады", "Ліманады", "Lemonades"],
    unit: "l",
    price: [4, 10],
    dishes: [
      d("Лимонад классический", "Ліманад класічны", "Classic lemonade", 0.5),
      d("Лимонад клубничный", "Ліманад трускаўкавы", "Strawberry lemonade", 0.5),
      d("Морс клюквенный", "Морс журавінавы", "Cranberry drink", 0.3),
      d("Мохито безалкогольный", "Махіта безалкагольны", "Virgin mojito", 0.4),
      d("Квас домашний", "Квас хатні", "Homemade kvass", 0.5),
    ],
  },
  {
    section: "drinks",
    name: ["Пиво", "Піва", "Beer"],
    unit: "l",
    price: [4, 9],
    dishes: [
      d("Пиво светлое разливное", "Піва светлае разліўное", "Draft lager", 0.5),
      d("Пиво тёмное", "Піва цёмнае", "Dark beer", 0.5),
      d("Пшеничное нефильтрованное", "Пшанічнае нефільтраванае", "Wheat beer", 0.5),
      d("Сидр яблочный", "Сідр яблычны", "Apple cider", 0.33),
      d("Стаут", "Стаўт", "Stout", 0.4),
    ],
  },
  {
    section: "drinks",
    name: ["Коктейли", "Кактэйлі", "Cocktails"],
    unit: "ml",
    price: [8, 18],
    dishes: [
      d("Апероль шприц", "Апероль шпрыц", "Aperol spritz", 250),
      d("Мохито", "Махіта", "Mojito", 300),
      d("Негрони", "Нэгроні", "Negroni", 100),
      d("Маргарита классическая", "Маргарыта класічная", "Classic margarita", 150),
      d("Пина колада", "Піна калада", "Pina colada", 250),
      d("Виски сауэр", "Віскі саўэр", "Whiskey sour", 120),
    ],
  },
  {
    section: "hookahs",
    name: ["Кальяны", "Кальяны", "Hookahs"],
    unit: "pieces",
    price: [30, 60],
    dishes: [
      d("Кальян классический", "Кальян класічны", "Classic hookah", 1),
      d("Кальян на грейпфруте", "Кальян на грэйпфруце", "Grapefruit hookah", 1),
      d("Кальян на ананасе", "Кальян на ананасе", "Pineapple hookah", 1),
      d("Кальян премиум", "Кальян прэміум", "Premium hookah", 1),
    ],
  },
];

/** The cafés the menus belong to (the large line at a menu's top). */
export const CAFES: readonly Tri[] = [
  ["Кафе «Берёзка»", "Кавярня «Бярозка»", "Birch Café"],
  ["Трактир «У Немиги»", "Карчма «Ля Нямігі»", "The Nemiga Inn"],
  ["Бистро «Пятница»", "Бістро «Пятніца»", "Friday Bistro"],
  ["Ресторан «Васильки»", "Рэстаран «Валошкі»", "Cornflower Restaurant"],
  ["Кофейня «Зерно»", "Кавярня «Зерне»", "Bean Coffee House"],
  ["Пиццерия «Мама»", "Піцэрыя «Мама»", "Mama Pizzeria"],
];

/** Headings of a whole section, set above its categories in some menus. */
export const SECTION_HEADINGS: Record<"kitchen" | "drinks" | "hookahs", Tri> = {
  kitchen: ["Кухня", "Кухня", "Kitchen"],
  drinks: ["Напитки", "Напоі", "Drinks"],
  hookahs: ["Кальяны", "Кальяны", "Hookahs"],
};
