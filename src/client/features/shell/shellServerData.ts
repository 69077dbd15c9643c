import { FOOTER_LINK_ID } from '../../../shared/constants';
import { settle, type ServerData } from '../../lib/serverData';
import { catalogApi } from '../catalog/catalogApi';
import { liveNowApi } from '../liveNow/liveNowApi';

/**
 * The shell's own answers on every server-rendered page: the footer's links, and the shows on air now
 * (every catalog page marks them 'Live now', in the HTML too).
 */
export const shellServerData: ServerData = (dispatch) =>
  settle([
    dispatch(catalogApi.endpoints.getFooterLink.initiate(FOOTER_LINK_ID)),
    dispatch(liveNowApi.endpoints.getLiveNow.initiate()),
  ]);
