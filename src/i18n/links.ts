import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { AppStore, ExternalLinkKind, FooterLinkKind, SocialNetwork } from "../domain/portal-config.ts";

export const externalLinkLabels = {
  howToRide: msg`How to Ride`,
  faq: msg`FAQ`,
} satisfies Record<ExternalLinkKind, MessageDescriptor>;

export const footerLinkLabels = {
  contact: msg`Contact`,
  terms: msg`Terms of Use`,
  privacy: msg`Privacy Policy`,
  citationPayment: msg`Pay a Citation`,
  bikeShelter: msg`Bike Shelter Registration`,
} satisfies Record<FooterLinkKind, MessageDescriptor>;

export const socialLabels = {
  facebook: msg`Follow us on Facebook`,
  x: msg`Follow us on X`,
  instagram: msg`Follow us on Instagram`,
  youtube: msg`Watch us on YouTube`,
} satisfies Record<SocialNetwork, MessageDescriptor>;

export const appStoreLabels = {
  apple: msg`Download on the App Store`,
  google: msg`Get it on Google Play`,
} satisfies Record<AppStore, MessageDescriptor>;
