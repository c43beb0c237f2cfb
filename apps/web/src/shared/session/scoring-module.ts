import type { CompanyPublic } from '@crm/contracts';
import { useSession } from './use-session';

/**
 * Spec §2: the scoring module (grades' rating) is on when the company's datas say '1'. The menu and the
 * screens that show a rating read it here, so they never disagree about it.
 */
export const scoringModuleOn = (company: Pick<CompanyPublic, 'datas'> | null): boolean =>
  company?.datas.scoring_module_is_enabled === '1';

export const useScoringModule = (): boolean => scoringModuleOn(useSession().company);
