// PatternFly's tokens, helpers and text fonts, plus the element's own box; order is cascade order.
import "@patternfly/patternfly/base/patternfly-variables.css";
import "@patternfly/patternfly/base/patternfly-common.css";
import "@patternfly/patternfly/base/patternfly-fonts.css";
import "./host.css";
