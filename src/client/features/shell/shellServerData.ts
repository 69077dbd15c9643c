import { FOOTER_LINK_ID } from '../../../shared/constants';
import { settle, type ServerData } from '../../lib/serverData';
import { catalogApi } from '../catalog/catalogApi';

/** The shell's own answer on every server-rendered page: the footer's links. */
export const shellServerData: ServerData = (dispatch) =>
  settle([dispatch(catalogApi.endpoints.getFooterLink.initiate(FOOTER_LINK_ID))]);
