import { SectionPlaceholder } from '../placeholder';

export default function Section() {
  return <SectionPlaceholder id="ranks" />;
}
