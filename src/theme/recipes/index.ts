import { buttonRecipe } from "./button.recipe.ts";
import { drawerRecipe } from "./drawer.recipe.ts";
import { selectRecipe } from "./select.recipe.ts";

export const recipes = { button: buttonRecipe };
export const slotRecipes = { drawer: drawerRecipe, select: selectRecipe };
