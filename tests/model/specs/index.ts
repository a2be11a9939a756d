import type { AnyStateMachine } from "xstate";
import type { ModelSpec } from "../harness.ts";
import { accountDeletionModel } from "./accountDeletion.ts";
import { addressesModel } from "./addresses.ts";
import { addValueModel } from "./addValue.ts";
import { alertSettingsModel } from "./alertSettings.ts";
import { appModel } from "./app.ts";
import { autoloadModel } from "./autoload.ts";
import { autoRenewModel } from "./autoRenew.ts";
import { cardBlockModel } from "./cardBlock.ts";
import { cardClaimModel } from "./cardClaim.ts";
import { cardEntryModel } from "./cardEntry.ts";
import { cardLinkModel } from "./cardLink.ts";
import { cardReplaceModel } from "./cardReplace.ts";
import { cardTransferModel } from "./cardTransfer.ts";
import { cartModel } from "./cart.ts";
import { checkoutModel } from "./checkout.ts";
import { connectedAccountsModel } from "./connectedAccounts.ts";
import { deactivationModel } from "./deactivation.ts";
import { devicesModel } from "./devices.ts";
import { emailConfirmationModel } from "./emailConfirmation.ts";
import { fareCardChoiceModel } from "./fareCardChoice.ts";
import { fareCardsModel } from "./fareCards.ts";
import { formModel } from "./form.ts";
import { guestCardModel } from "./guestCard.ts";
import { inviteModel } from "./invite.ts";
import { languageModel } from "./language.ts";
import { networkModel } from "./network.ts";
import { notificationsModel } from "./notifications.ts";
import { orderHistoryModel } from "./orderHistory.ts";
import { orderSummaryModel } from "./orderSummary.ts";
import { passHistoryModel } from "./passHistory.ts";
import { passMoveModel } from "./passMove.ts";
import { paymentMethodsModel } from "./paymentMethods.ts";
import { productsModel } from "./products.ts";
import { profileModel } from "./profile.ts";
import { purchaseHistoryModel } from "./purchaseHistory.ts";
import { repurchaseModel } from "./repurchase.ts";
import { requestModel } from "./request.ts";
import { resetQuestionsModel } from "./resetQuestions.ts";
import { securityQuestionsModel } from "./securityQuestions.ts";
import { serviceLevelsModel } from "./serviceLevels.ts";
import { sessionModel } from "./session.ts";
import { socialReturnModel } from "./socialReturn.ts";
import { statementModel } from "./statement.ts";
import { tourModel } from "./tour.ts";
import { tripHistoryModel } from "./tripHistory.ts";
import { twoFactorSetupModel } from "./twoFactorSetup.ts";
import { unattachedPassesModel } from "./unattachedPasses.ts";
import { walletModel } from "./wallet.ts";

/** Every machine's model, for the scripts (paths for QA, mutation check, flows site). */
export const models: ModelSpec<AnyStateMachine>[] = [
  accountDeletionModel,
  addressesModel,
  addValueModel,
  alertSettingsModel,
  appModel,
  autoloadModel,
  autoRenewModel,
  cardBlockModel,
  cardClaimModel,
  cardReplaceModel,
  cardEntryModel,
  cardLinkModel,
  cardTransferModel,
  cartModel,
  checkoutModel,
  connectedAccountsModel,
  deactivationModel,
  devicesModel,
  emailConfirmationModel,
  fareCardChoiceModel,
  fareCardsModel,
  formModel,
  guestCardModel,
  inviteModel,
  languageModel,
  networkModel,
  notificationsModel,
  orderHistoryModel,
  orderSummaryModel,
  passHistoryModel,
  passMoveModel,
  paymentMethodsModel,
  productsModel,
  profileModel,
  purchaseHistoryModel,
  repurchaseModel,
  requestModel,
  resetQuestionsModel,
  securityQuestionsModel,
  serviceLevelsModel,
  sessionModel,
  socialReturnModel,
  statementModel,
  tourModel,
  tripHistoryModel,
  twoFactorSetupModel,
  unattachedPassesModel,
  walletModel,
] as unknown as ModelSpec<AnyStateMachine>[];
