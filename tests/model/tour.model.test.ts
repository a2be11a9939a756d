import { tourModel } from "./specs/tour.ts";
import { describeModel } from "./suite.ts";

describeModel(tourModel);
